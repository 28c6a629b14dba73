import type { Db } from '../../db/database.js';

export class MessageRepo {
  constructor(private readonly db: Db) {}

  /** Uses the (to_id, read_at) index. */
  async countUnread(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('private_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
