import type { UserRef } from '@queuecast/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Who a user can write to: the user search of the inbox, and the blocks between users. */
export class ContactsRepo {
  constructor(private readonly db: Db) {}

  /**
   * Users whose name contains `term` (case-insensitive), names starting with it first, then
   * shorter names; never the caller, nor anyone the caller has blocked. Ids and names only.
   */
  async search(callerId: number, term: string, limit: number): Promise<UserRef[]> {
    const needle = term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    return this.db
      .selectFrom('users as u')
      .select(['u.id', 'u.username'])
      .where(sql<boolean>`lower(u.username) like ${`%${needle}%`} escape '\\'`)
      .where('u.id', '!=', callerId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('user_blocks as b')
              .select('b.blocked_id')
              .where('b.blocker_id', '=', callerId)
              .whereRef('b.blocked_id', '=', 'u.id'),
          ),
        ),
      )
      .orderBy(sql`case when lower(u.username) like ${`${needle}%`} escape '\\' then 0 else 1 end`)
      .orderBy(sql`length(u.username)`)
      .orderBy('u.username')
      .limit(limit)
      .execute();
  }

  async isBlocked(blockerId: number, blockedId: number, db: Db = this.db): Promise<boolean> {
    const row = await db
      .selectFrom('user_blocks')
      .select('blocker_id')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async block(blockerId: number, blockedId: number, at: number): Promise<void> {
    await this.db
      .insertInto('user_blocks')
      .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: at })
      .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
      .execute();
  }

  async unblock(blockerId: number, blockedId: number): Promise<void> {
    await this.db
      .deleteFrom('user_blocks')
      .where('blocker_id', '=', blockerId)
      .where('blocked_id', '=', blockedId)
      .execute();
  }

  /** The users `blockerId` has blocked, by name. */
  blocked(blockerId: number): Promise<UserRef[]> {
    return this.db
      .selectFrom('user_blocks as b')
      .innerJoin('users as u', 'u.id', 'b.blocked_id')
      .select(['u.id', 'u.username'])
      .where('b.blocker_id', '=', blockerId)
      .orderBy('u.username')
      .execute();
  }
}
