import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { songVisibleTo } from '../../db/song-visibility.js';

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

  /** The user's favourites they may see (one made while they could, say as staff, stays out). */
  async songIds(user: SongViewer): Promise<number[]> {
    const rows = await this.db
      .selectFrom('favorites as fv')
      .innerJoin('songs as s', 's.id', 'fv.song_id')
      .select('fv.song_id')
      .where('fv.user_id', '=', user.id)
      .where(songVisibleTo(user))
      .orderBy('fv.created_at', 'desc')
      .orderBy('fv.song_id', 'desc')
      .execute();
    return rows.map((r) => r.song_id);
  }
}
