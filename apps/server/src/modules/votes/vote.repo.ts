import type { Db } from '../../db/database.js';

export class VoteRepo {
  constructor(private readonly db: Db) {}

  async upsert(userId: number, songId: number, vote: number, at: number, db: Db = this.db) {
    await db
      .insertInto('votes')
      .values({ user_id: userId, song_id: songId, vote, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'song_id']).doUpdateSet({ vote, created_at: at }))
      .execute();
  }

  async remove(userId: number, songId: number, db: Db = this.db) {
    await db
      .deleteFrom('votes')
      .where('user_id', '=', userId)
      .where('song_id', '=', songId)
      .execute();
  }

  byUser(userId: number) {
    return this.db
      .selectFrom('votes')
      .select(['song_id', 'vote'])
      .where('user_id', '=', userId)
      .execute();
  }
}
