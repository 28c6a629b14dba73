import type { Db } from '../../db/database.js';

export class CommentRepo {
  constructor(private readonly db: Db) {}

  forSong(songId: number, limit = 200) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['c.id', 'u.username', 'c.created_at', 'c.comment'])
      .where('c.song_id', '=', songId)
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

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
        eb
          .selectFrom('song_artists as sa')
          .innerJoin('artists as a', 'a.id', 'sa.artist_id')
          .select('a.name')
          .whereRef('sa.song_id', '=', 's.id')
          .orderBy('sa.position')
          .limit(1)
          .as('artist'),
      ])
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  async insert(row: { song_id: number; user_id: number; comment: string; created_at: number }) {
    return this.db.insertInto('comments').values(row).returning('id').executeTakeFirstOrThrow();
  }
}
