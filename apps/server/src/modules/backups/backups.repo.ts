import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BackupRunsTable } from '../../db/schema.js';

export type BackupRunRow = Selectable<BackupRunsTable>;

export type NewBackupRun = Omit<BackupRunRow, 'id'>;

export class BackupsRepo {
  constructor(private readonly db: Db) {}

  async record(run: NewBackupRun): Promise<void> {
    await this.db.insertInto('backup_runs').values(run).execute();
  }

  latest(limit: number): Promise<BackupRunRow[]> {
    return this.db
      .selectFrom('backup_runs')
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
