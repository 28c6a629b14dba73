import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { firstArtistName } from '../../db/song-sql.js';
import { songVisibleTo } from '../../db/song-visibility.js';

/**
 * A person's public activity, each list newest first and `limit` long, read on the user's own
 * index of each table (migration 0021 adds the ones favourites and votes lacked). Every list
 * that names songs keeps to the songs the viewer may see (`db/song-visibility.ts`), and names
 * each song by its first-credited artist.
 */
export class ProfileRepo {
  constructor(private readonly db: Db) {}

  /** Every list of the user's page, read at once. */
  async activity(userId: number, viewer: SongViewer | null, limit: number) {
    const q = this.statements(userId, viewer, limit);
    const [requests, favorites, votes, comments, chat] = await Promise.all([
      q.requests.execute(),
      q.favorites.execute(),
      q.votes.execute(),
      q.comments.execute(),
      q.chat.execute(),
    ]);
    return { requests, favorites, votes, comments, chat };
  }

  /** The page's statements, unrun: `activity` runs them, the index test reads their plans. */
  statements(userId: number, viewer: SongViewer | null, limit: number) {
    return {
      requests: this.requests(userId, viewer, limit),
      favorites: this.favorites(userId, viewer, limit),
      votes: this.votes(userId, viewer, limit),
      comments: this.comments(userId, viewer, limit),
      chat: this.chat(userId, limit),
    };
  }

  /** Their requests, waiting or past: `queue_requester_time (requested_by, requested_at)`. */
  private requests(userId: number, viewer: SongViewer | null, limit: number) {
    return this.db
      .selectFrom('queue_entries as q')
      .innerJoin('songs as s', 's.id', 'q.song_id')
      .select((eb) => ['q.id', 'q.requested_at', 's.id as song_id', 's.title', firstArtistName(eb)])
      .where('q.requested_by', '=', userId)
      .where(songVisibleTo(viewer))
      .orderBy('q.requested_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit);
  }

  /** `favorites_user_time (user_id, created_at, song_id)`. */
  private favorites(userId: number, viewer: SongViewer | null, limit: number) {
    return this.db
      .selectFrom('favorites as f')
      .innerJoin('songs as s', 's.id', 'f.song_id')
      .select((eb) => ['f.created_at', 's.id as song_id', 's.title', firstArtistName(eb)])
      .where('f.user_id', '=', userId)
      .where(songVisibleTo(viewer))
      .orderBy('f.created_at', 'desc')
      .orderBy('f.song_id', 'desc')
      .limit(limit);
  }

  /** `votes_user_time (user_id, created_at, song_id)`. */
  private votes(userId: number, viewer: SongViewer | null, limit: number) {
    return this.db
      .selectFrom('votes as v')
      .innerJoin('songs as s', 's.id', 'v.song_id')
      .select((eb) => ['v.created_at', 'v.vote', 's.id as song_id', 's.title', firstArtistName(eb)])
      .where('v.user_id', '=', userId)
      .where(songVisibleTo(viewer))
      .orderBy('v.created_at', 'desc')
      .orderBy('v.song_id', 'desc')
      .limit(limit);
  }

  /** `comments_user (user_id, id)`. */
  private comments(userId: number, viewer: SongViewer | null, limit: number) {
    return this.db
      .selectFrom('comments as c')
      .innerJoin('songs as s', 's.id', 'c.song_id')
      .select((eb) => [
        'c.id',
        'c.created_at',
        'c.comment',
        's.id as song_id',
        's.title',
        firstArtistName(eb),
      ])
      .where('c.user_id', '=', userId)
      .where(songVisibleTo(viewer))
      .orderBy('c.id', 'desc')
      .limit(limit);
  }

  /**
   * Their public chat lines as stored (masked words stay masked; deleted lines are gone):
   * `oneliner_user_time (user_id, created_at)`.
   */
  private chat(userId: number, limit: number) {
    return this.db
      .selectFrom('oneliner_messages as o')
      .select(['o.id', 'o.created_at', 'o.message'])
      .where('o.user_id', '=', userId)
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .limit(limit);
  }
}
