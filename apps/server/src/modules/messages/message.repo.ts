import type { Conversation, PrivateMessage } from '@queuecast/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Private messages between two users; every read is scoped to the caller's own messages. */
export class MessageRepo {
  constructor(private readonly db: Db) {}

  /** Uses the (to_id, read_at) index. */
  async countUnread(userId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('private_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('to_id', '=', userId)
      .where('read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(
    row: { from_id: number; to_id: number; message: string; sent_at: number },
    db: Db = this.db,
  ): Promise<number> {
    const { id } = await db
      .insertInto('private_messages')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  /**
   * The caller's partners, the most recent conversation first, with the time of its last
   * message and how many of the partner's messages the caller has not read. The two halves
   * (sent, received) each use one of the pair indexes.
   */
  async conversations(userId: number, limit: number): Promise<Conversation[]> {
    const sides = this.db
      .selectFrom('private_messages')
      .select(['id', 'to_id as partner', 'sent_at', sql<number>`0`.as('unread')])
      .where('from_id', '=', userId)
      .unionAll(
        this.db
          .selectFrom('private_messages')
          .select([
            'id',
            'from_id as partner',
            'sent_at',
            sql<number>`case when read_at is null then 1 else 0 end`.as('unread'),
          ])
          .where('to_id', '=', userId),
      );
    const rows = await this.db
      .selectFrom(sides.as('m'))
      .innerJoin('users as u', 'u.id', 'm.partner')
      .select((eb) => [
        'u.id',
        'u.username',
        eb.fn.max('m.sent_at').as('last_message_time'),
        eb.fn.max('m.id').as('last_message_id'),
        eb.fn.sum<number>('m.unread').as('unread_count'),
      ])
      .groupBy(['u.id', 'u.username'])
      // Ids grow with time; the latest id also orders messages sent within the same second.
      .orderBy((eb) => eb.fn.max('m.id'), 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      id: r.id,
      username: r.username,
      last_message_time: Number(r.last_message_time),
      last_message_id: Number(r.last_message_id),
      unread_count: Number(r.unread_count),
    }));
  }

  /**
   * The latest `limit` messages between the two users (older than `beforeId` when given),
   * newest first. Both directions come from the pair indexes.
   */
  async thread(userId: number, partnerId: number, limit: number, beforeId?: number) {
    let query = this.db
      .selectFrom('private_messages as m')
      .innerJoin('users as u', 'u.id', 'm.from_id')
      .select([
        'm.id',
        'm.from_id as from_uid',
        'm.to_id as to_uid',
        'u.username as from_username',
        'm.message',
        'm.sent_at as sent_timestamp',
        'm.read_at as read_timestamp',
      ])
      .where((eb) =>
        eb.or([
          eb.and([eb('m.from_id', '=', userId), eb('m.to_id', '=', partnerId)]),
          eb.and([eb('m.from_id', '=', partnerId), eb('m.to_id', '=', userId)]),
        ]),
      )
      .orderBy('m.id', 'desc')
      .limit(limit);
    if (beforeId !== undefined) query = query.where('m.id', '<', beforeId);
    const rows = await query.execute();
    return rows.map(toMessage);
  }

  /**
   * Marks as read those of `ids` that were sent to `userId` and are unread; answers them with
   * their senders. Messages to anyone else are left exactly as they were.
   */
  async markRead(userId: number, ids: readonly number[], at: number, db: Db = this.db) {
    const unread = await db
      .selectFrom('private_messages')
      .select(['id', 'from_id'])
      .where('to_id', '=', userId)
      .where('read_at', 'is', null)
      .where('id', 'in', ids)
      .execute();
    if (unread.length === 0) return [];
    await db
      .updateTable('private_messages')
      .set({ read_at: at })
      .where(
        'id',
        'in',
        unread.map((r) => r.id),
      )
      .where('to_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    return unread;
  }
}

function toMessage(row: {
  id: number;
  from_uid: number;
  to_uid: number;
  from_username: string;
  message: string;
  sent_timestamp: number;
  read_timestamp: number | null;
}): PrivateMessage {
  return {
    ...row,
    sent_timestamp: Number(row.sent_timestamp),
    read_timestamp: row.read_timestamp === null ? null : Number(row.read_timestamp),
  };
}
