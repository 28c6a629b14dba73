import type { RecentComment } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { SongViewer } from '../../core/song-visibility.js';
import { nowSeconds } from '../../db/dialect.js';
import { HttpError, notFound } from '../../lib/http-error.js';
import { utcMinute } from '../../lib/text.js';
import type { SongRepo } from '../catalog/song.repo.js';
import type { UserRepo } from '../users/user.repo.js';
import type { CommentRepo } from './comment.repo.js';

export const RECENT_COMMENTS = 20;

export class CommentsService {
  constructor(
    private readonly comments: CommentRepo,
    private readonly songs: SongRepo,
    private readonly users: Pick<UserRepo, 'mutedUntil'>,
    private readonly bus: EventBus,
  ) {}

  /**
   * A muted listener is refused (403, with when the mute ends), as in the chat; a song the
   * user may not see is not found (see core/song-visibility.ts).
   */
  async post(user: SongViewer, songId: number, comment: string): Promise<{ id: number }> {
    const userId = user.id;
    const now = nowSeconds();
    const [exists, mutedUntil] = await Promise.all([
      this.songs.visible(songId, user),
      this.users.mutedUntil(userId),
    ]);
    if (mutedUntil !== null && mutedUntil > now) {
      throw new HttpError(403, `You are muted until ${utcMinute(mutedUntil)}.`, {
        muted_until: mutedUntil,
      });
    }
    if (!exists) throw notFound('Song not found.');
    const created = await this.comments.insert({
      song_id: songId,
      user_id: userId,
      comment,
      created_at: now,
    });
    this.bus.publish({ type: 'feed.added', kind: 'comment', id: created.id });
    return created;
  }

  /** The latest comments on songs the viewer may see. */
  async recent(viewer: SongViewer | null): Promise<RecentComment[]> {
    const rows = await this.comments.recent(RECENT_COMMENTS, viewer);
    return rows.map((r) => ({
      id: r.id,
      comment: r.comment,
      username: r.username,
      created_at: r.created_at,
      song: { id: r.song_id, title: r.title, artist: r.artist ?? null },
    }));
  }
}
