import type { Db } from '../../db/database.js';

export interface BackupRunRow {
  id: number;
  started_at: number;
  finished_at: number;
  trigger: string;
  ok: number;
  file: string;
  files: number;
  bytes: number;
  added_bytes: number;
  error: string | null;
}

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
