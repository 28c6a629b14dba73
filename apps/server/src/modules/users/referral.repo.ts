import type { Db } from '../../db/database.js';

export class ReferralRepo {
  constructor(private readonly db: Db) {}

  async insertCodes(ownerId: number, codes: string[], at: number, db: Db = this.db): Promise<void> {
    await db
      .insertInto('referral_codes')
      .values(codes.map((code) => ({ code, owner_id: ownerId, created_at: at })))
      .execute();
  }

  /**
   * Marks a code used by `consumerId` when it exists and is unused. One UPDATE with the
   * "unused" test in its WHERE: of two racing sign-ups exactly one changes the row.
   */
  async consume(code: string, consumerId: number, at: number, db: Db = this.db): Promise<boolean> {
    const result = await db
      .updateTable('referral_codes')
      .set({ consumer_id: consumerId, consumed_at: at })
      .where('code', '=', code)
      .where('consumer_id', 'is', null)
      .where('consumed_at', 'is', null)
      .where('owner_id', '!=', consumerId)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  }

  listForOwner(ownerId: number): Promise<{ code: string; consumer_username: string | null }[]> {
    return this.db
      .selectFrom('referral_codes as r')
      .leftJoin('users as u', 'u.id', 'r.consumer_id')
      .select(['r.code', 'u.username as consumer_username'])
      .where('r.owner_id', '=', ownerId)
      .orderBy('r.created_at')
      .orderBy('r.code')
      .execute();
  }
}
