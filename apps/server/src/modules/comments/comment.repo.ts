import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { firstArtistName } from '../../db/song-sql.js';
import { songVisibleTo } from '../../db/song-visibility.js';

export class CommentRepo {
  constructor(private readonly db: Db) {}

  /** Newest first, on songs the viewer may see; the first-listed artist names the song. */
  recent(limit: number, viewer: SongViewer | null) {
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
      .where(songVisibleTo(viewer))
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
  }

  async insert(row: { song_id: number; user_id: number; comment: string; created_at: number }) {
    return this.db.insertInto('comments').values(row).returning('id').executeTakeFirstOrThrow();
  }
}
