import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { songVisibleTo } from '../../db/song-visibility.js';

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

  /** The user's votes on songs they may see. */
  byUser(user: SongViewer) {
    return this.db
      .selectFrom('votes as v')
      .innerJoin('songs as s', 's.id', 'v.song_id')
      .select(['v.song_id', 'v.vote'])
      .where('v.user_id', '=', user.id)
      .where(songVisibleTo(user))
      .execute();
  }
}
