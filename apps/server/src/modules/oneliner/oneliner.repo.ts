import type { OnelinerMessage } from '@queuecast/contract';
import type { Db } from '../../db/database.js';

/** The public chat: messages with their author's name, read newest first by id. */
export class OnelinerRepo {
  constructor(private readonly db: Db) {}

  /** Newest first; with `beforeId`, only messages older than it (the next page). */
  async page(limit: number, beforeId?: number): Promise<OnelinerMessage[]> {
    let query = this.db
      .selectFrom('oneliner_messages as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .select([
        'o.id',
        'o.user_id as author_id',
        'u.username as author',
        'o.message',
        'o.created_at as timestamp',
      ])
      .orderBy('o.id', 'desc')
      .limit(limit);
    if (beforeId !== undefined) query = query.where('o.id', '<', beforeId);
    return query.execute();
  }

  async insert(row: { user_id: number; message: string; created_at: number }): Promise<number> {
    const { id } = await this.db
      .insertInto('oneliner_messages')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }
}
