import type { RecentComment } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import { nowSeconds } from '../../db/dialect.js';
import { notFound } from '../../lib/http-error.js';
import type { SongRepo } from '../catalog/song.repo.js';
import type { CommentRepo } from './comment.repo.js';

export const RECENT_COMMENTS = 20;

export class CommentsService {
  constructor(
    private readonly comments: CommentRepo,
    private readonly songs: SongRepo,
    private readonly bus: EventBus,
  ) {}

  async post(userId: number, songId: number, comment: string): Promise<{ id: number }> {
    if (!(await this.songs.exists(songId))) throw notFound('Song not found.');
    const created = await this.comments.insert({
      song_id: songId,
      user_id: userId,
      comment,
      created_at: nowSeconds(),
    });
    this.bus.publish({ type: 'feed.added', kind: 'comment', id: created.id });
    return created;
  }

  async recent(): Promise<RecentComment[]> {
    const rows = await this.comments.recent(RECENT_COMMENTS);
    return rows.map((r) => ({
      id: r.id,
      comment: r.comment,
      username: r.username,
      created_at: r.created_at,
      song: { id: r.song_id, title: r.title, artist: r.artist ?? null },
    }));
  }
}
