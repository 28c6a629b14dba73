import type { Db } from '../../db/database.js';

/**
 * One staff action: who did it (null: from the command line, by whoever runs the server), what,
 * to whom (when it concerns a user), and its details.
 */
export interface AuditEntry {
  actor_id: number | null;
  action: string;
  target_user_id: number | null;
  detail: object;
}

/**
 * The staff audit log: every moderation, curation and role change, written in the same
 * transaction as the action it records, read by admins newest first.
 */
export class AuditLogRepo {
  constructor(private readonly db: Db) {}

  async log(entry: AuditEntry, at: number, trx: Db = this.db): Promise<void> {
    await trx
      .insertInto('moderation_log')
      .values({ ...entry, detail: JSON.stringify(entry.detail), created_at: at })
      .execute();
  }

  /** Newest first; with `beforeId`, older entries only. */
  entries(limit: number, beforeId?: number) {
    let query = this.db
      .selectFrom('moderation_log as m')
      .leftJoin('users as a', 'a.id', 'm.actor_id')
      .leftJoin('users as t', 't.id', 'm.target_user_id')
      .select([
        'm.id',
        'a.username as actor',
        'm.action',
        't.username as target',
        'm.detail',
        'm.created_at',
      ])
      .orderBy('m.id', 'desc')
      .limit(limit);
    if (beforeId !== undefined) query = query.where('m.id', '<', beforeId);
    return query.execute();
  }
}
