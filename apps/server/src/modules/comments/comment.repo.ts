import type { Db } from '../../db/database.js';
import { firstArtistName } from '../../db/song-sql.js';

export class CommentRepo {
  constructor(private readonly db: Db) {}

  /** Newest first; the first-listed artist names the song. */
  recent(limit: number) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .innerJoin('songs as s', 's.id', 'c.song_id')
      .select((eb) => [
        'c.id',
        'c.comment',
        'c.created_at',
        'u.username',
        's.id as song_id',
        's.title',
        firstArtistName(eb),
      ])
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  async insert(row: { song_id: number; user_id: number; comment: string; created_at: number }) {
    return this.db.insertInto('comments').values(row).returning('id').executeTakeFirstOrThrow();
  }
}
