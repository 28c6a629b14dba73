import type { Db } from '../../db/database.js';

export class FavoriteRepo {
  constructor(private readonly db: Db) {}

  async add(userId: number, songId: number, at: number) {
    await this.db
      .insertInto('favorites')
      .values({ user_id: userId, song_id: songId, created_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'song_id']).doNothing())
      .execute();
  }

  async remove(userId: number, songId: number) {
    await this.db
      .deleteFrom('favorites')
      .where('user_id', '=', userId)
      .where('song_id', '=', songId)
      .execute();
  }

  async songIds(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favorites')
      .select('song_id')
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('song_id', 'desc')
      .execute();
    return rows.map((r) => r.song_id);
  }
}
