import type { ReviewItem, ReviewOutcome } from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import {
  announcesNewSong,
  statusAfterApprove,
  statusAfterReject,
  type ReviewFacts,
} from '../../core/review-rules.js';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../lib/http-error.js';
import type { MediaStore } from '../../media/media-store.js';
import type { SearchRepo } from '../catalog/search.repo.js';
import type { AuditLogRepo } from '../users/audit-log.repo.js';
import type { ReviewRepo } from './review.repo.js';

/** The review list shows at most this many songs, longest waiting first. */
const LIST_LIMIT = 200;

export interface ReviewDeps {
  db: Db;
  repo: ReviewRepo;
  search: Pick<SearchRepo, 'index'>;
  audit: AuditLogRepo;
  store: Pick<MediaStore, 'remove'>;
  bus: EventBus;
  clock: Clock;
}

type ReviewedSong = NonNullable<Awaited<ReturnType<ReviewRepo['song']>>>;

const factsOf = (song: ReviewedSong): ReviewFacts => ({
  status: song.status,
  reviewed: song.reviewed !== 0,
  pendingFiles: song.files.filter((f) => f.pending !== 0).length,
  approvedFiles: song.files.filter((f) => f.pending === 0).length,
});

/**
 * Staff decide on listeners' contributions: a new song, an uploaded file, or both. Each
 * decision is one transaction with its audit entry; the rules are in core/review-rules.
 */
export class ReviewService {
  constructor(private readonly deps: ReviewDeps) {}

  async list(): Promise<{ items: ReviewItem[] }> {
    const rows = await this.deps.repo.waiting(LIST_LIMIT);
    const items = rows.map((r) => ({
      song_id: r.id,
      title: r.title,
      artist: r.artist,
      platform: r.platform,
      added_by: r.added_by,
      new_song: r.reviewed === 0,
      file:
        r.file_id === null || r.filename === null
          ? null
          : {
              fileid: r.file_id,
              filename: r.filename,
              duration: r.duration === null ? null : Number(r.duration),
              uploaded_by: r.uploaded_by,
            },
      created_at: Number(r.reviewed === 0 ? r.created_at : (r.file_created_at ?? r.created_at)),
    }));
    return { items };
  }

  /** Approves the song and its pending files; it plays when it has a file. */
  async approve(actor: { id: number }, songId: number): Promise<ReviewOutcome> {
    const { db, repo, bus } = this.deps;
    const { status, announce } = await db.transaction().execute(async (trx) => {
      const song = await repo.song(songId, trx);
      if (!song) throw notFound('Song not found.');
      const status = statusAfterApprove(factsOf(song));
      if (!status) throw conflict('Nothing to review for this song.');
      await repo.approve(songId, status, song.reviewed === 0, trx);
      await this.audit('song.approve', actor, song, status, trx);
      const announce = announcesNewSong({
        before: song.status,
        after: status,
        lastPlayedAt: song.last_played_at,
      });
      return { status, announce };
    });
    if (announce) bus.publish({ type: 'feed.added', kind: 'new_song', id: songId });
    return { success: true, song_id: songId, status };
  }

  /**
   * Rejects what waits: the pending files are deleted, and a song never approved with them.
   * Stored files are removed from disk once the deletion is committed.
   */
  async reject(actor: { id: number }, songId: number): Promise<ReviewOutcome> {
    const { db, repo, search } = this.deps;
    const { status, storedPaths } = await db.transaction().execute(async (trx) => {
      const song = await repo.song(songId, trx);
      if (!song) throw notFound('Song not found.');
      const status = statusAfterReject(factsOf(song));
      if (!status) throw conflict('Nothing to review for this song.');
      await repo.deletePendingFiles(songId, trx);
      if (status === 'removed') {
        await repo.deleteSong(songId, trx);
        await search.index(songId, trx);
      } else {
        await repo.setStatus(songId, status, trx);
      }
      await this.audit('song.reject', actor, song, status, trx);
      const storedPaths = song.files.filter((f) => f.pending !== 0).map((f) => f.stored_path);
      return { status, storedPaths };
    });
    await this.removeStored(storedPaths);
    return { success: true, song_id: songId, status };
  }

  private async audit(
    action: 'song.approve' | 'song.reject',
    actor: { id: number },
    song: ReviewedSong,
    status: string,
    trx: Db,
  ): Promise<void> {
    const pending = song.files.filter((f) => f.pending !== 0);
    await this.deps.audit.log(
      {
        actor_id: actor.id,
        action,
        // Whose contribution it was: the uploader, or the listener who added the song.
        target_user_id: pending[0]?.uploaded_by ?? (song.reviewed === 0 ? song.added_by : null),
        detail: {
          song_id: song.id,
          title: song.title,
          file: pending.map((f) => f.filename).join(', ') || null,
          new_song: song.reviewed === 0,
          status,
        },
      },
      this.deps.clock.now(),
      trx,
    );
  }

  /** Removes stored files no file row points at any more. */
  private async removeStored(storedPaths: readonly string[]): Promise<void> {
    for (const storedPath of new Set(storedPaths)) {
      if (await this.deps.repo.storedPathInUse(storedPath)) continue;
      try {
        await this.deps.store.remove(storedPath);
      } catch {
        // The rejection stands; a file left on disk only takes space.
      }
    }
  }
}
