import type {
  QueueActionBody,
  QueueActionResult,
  RequestAllowance,
  RequestResult,
} from '@queuecast/contract';
import type { EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import {
  listenerRefusal,
  lockWindowStart,
  songRefusal,
  type RequestRules,
  type SongRefusal,
} from '../../core/song-rules.js';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/dialect.js';
import { secondsText } from '../../lib/text.js';
import { conflict, forbidden, HttpError, notFound, tooManyRequests } from '../../lib/http-error.js';
import type { CatalogRepo } from '../catalog/catalog.repo.js';
import type { SongPresenter } from '../catalog/song-presenter.js';
import type { QueueFilter, QueueOrder, RequestsRepo } from './requests.repo.js';

export interface RequestsDeps {
  db: Db;
  repo: RequestsRepo;
  catalog: Pick<CatalogRepo, 'artist' | 'platformByName' | 'knownTags'>;
  presenter: SongPresenter;
  bus: EventBus;
  rules: () => RequestRules;
  clock: Clock;
  /**
   * Told of each request once it is queued (the request line of a live show). Its failure is
   * its own: the request stands.
   */
  queued?: (request: { userId: number; songId: number }) => Promise<void>;
}

export const QUEUED_MESSAGE = 'Song successfully queued!';
/** A queue action that loses a race for its pick tries another song this many times. */
const PICK_ATTEMPTS = 3;

/** A queue action's failure: the same shape as its success, with a 4xx status. */
const actionError = (status: number, error: string) =>
  new HttpError(status, error, { success: false, song_details: null });

/** What a listener is told when the song itself cannot be requested now. */
const SONG_REFUSALS: Record<SongRefusal, string> = {
  no_file: 'This song has no playable file.',
  playing: 'This song is playing now.',
  queued: 'This song is already in the queue.',
  locked: 'This song was played recently.',
};

/**
 * Listeners' requests: the domain core's rules are checked and the entry written in one
 * transaction, so concurrent requests can neither pass the per-listener limit nor queue one
 * song twice (the database also refuses a second waiting entry for a song).
 */
export class RequestsService {
  private readonly db: Db;
  private readonly repo: RequestsRepo;

  constructor(private readonly deps: RequestsDeps) {
    this.db = deps.db;
    this.repo = deps.repo;
  }

  async request(user: SongViewer, songId: number): Promise<RequestResult> {
    const queueId = await this.enqueue(user, songId);
    return { success: true, message: QUEUED_MESSAGE, queue_id: queueId };
  }

  /** What the listener may request now: requests left under the limit, and the cooldown. */
  async allowance(userId: number): Promise<RequestAllowance> {
    const rules = this.deps.rules();
    const [waiting, lastRequestAt] = await Promise.all([
      this.repo.waitingCount(this.db, userId),
      this.repo.lastRequestAt(this.db, userId),
    ]);
    const now = this.deps.clock.now();
    const nextAt = lastRequestAt === null ? null : lastRequestAt + rules.cooldownSeconds;
    const retryAfter = nextAt === null ? 0 : Math.max(0, Math.ceil(nextAt - now));
    return {
      limit: rules.queueLimit,
      waiting,
      remaining: Math.max(0, rules.queueLimit - waiting),
      cooldown_s: rules.cooldownSeconds,
      retry_after: retryAfter,
      next_at: retryAfter > 0 && nextAt !== null ? Math.ceil(nextAt) : null,
    };
  }

  /** POST /api/queue: one requestable song matching the filter, queued under the same rules. */
  async queueMatching(user: SongViewer, body: QueueActionBody): Promise<QueueActionResult> {
    const filter = await this.filterOf(user, body);
    const order: QueueOrder = body.least_recent
      ? { kind: 'least_recent' }
      : body.min_vote
        ? { kind: 'min_vote', min: body.min_vote }
        : { kind: 'random' };
    const tried: number[] = [];
    for (let attempt = 0; attempt < PICK_ATTEMPTS; attempt++) {
      const lockedSince = lockWindowStart(this.deps.clock.now(), this.deps.rules());
      const songId = await this.repo.pick(filter, order, lockedSince, tried);
      if (songId === undefined) throw actionError(409, noMatch(filter));
      try {
        await this.enqueue(user, songId);
      } catch (err) {
        // Someone else queued it (or it went on air) a moment ago: try another.
        if (err instanceof HttpError && err.statusCode === 409) {
          tried.push(songId);
          continue;
        }
        if (err instanceof HttpError) {
          throw new HttpError(
            err.statusCode,
            err.message,
            { ...err.extra, success: false, song_details: null },
            err.headers,
          );
        }
        throw err;
      }
      const song = await this.deps.presenter.presentOne(songId, null);
      const details = song ? { artist: song.artist ?? 'Unknown', title: song.title } : null;
      return { success: true, song_details: details, error: null };
    }
    throw actionError(409, noMatch(filter));
  }

  private async filterOf(user: SongViewer, body: QueueActionBody): Promise<QueueFilter> {
    const userId = user.id;
    if (body.artist_id !== undefined) {
      if (!(await this.deps.catalog.artist(body.artist_id, user)))
        throw actionError(404, 'Artist not found.');
      return { kind: 'artist', artistId: body.artist_id };
    }
    if (body.platform !== undefined) {
      const platform = await this.deps.catalog.platformByName(body.platform);
      if (!platform) throw actionError(404, 'Platform not found.');
      return { kind: 'platform', platformId: platform.id };
    }
    if (body.from_favorites) {
      if ((await this.repo.favoriteCount(userId)) === 0) {
        throw actionError(409, 'You have no favorite songs to queue');
      }
      return { kind: 'favorites', userId };
    }
    const names = [...new Set((body.tags ?? []).map((t) => t.toLowerCase()))];
    if (names.length === 0) throw actionError(400, 'No tags selected');
    const tags = await this.deps.catalog.knownTags(names);
    if (tags.length < names.length) throw actionError(409, 'No songs available with these tags');
    return { kind: 'tags', tagIds: tags.map((t) => t.id) };
  }

  /**
   * The rules and the insert, in one transaction; answers the new entry's id. A song the
   * listener may not see is not found; their own song waiting for review has no playable file.
   */
  private async enqueue(user: SongViewer, songId: number): Promise<number> {
    const userId = user.id;
    const rules = this.deps.rules();
    let queueId: number;
    try {
      queueId = await this.db.transaction().execute(async (trx) => {
        await this.repo.lockUser(trx, userId);
        const song = await this.repo.song(trx, songId, user);
        if (!song) throw notFound('Song not found.');
        const now = this.deps.clock.now();
        const active = await this.repo.activeEntry(trx, songId);
        const refusal = songRefusal(
          {
            status: song.status,
            has_file: Boolean(song.has_file),
            last_played_at: song.last_played_at,
            queue_state: active ? (active.state as 'queued' | 'playing') : null,
          },
          now,
          rules,
        );
        if (refusal) throw conflict(SONG_REFUSALS[refusal]);
        const [waiting, lastRequestAt] = await Promise.all([
          this.repo.waitingCount(trx, userId),
          this.repo.lastRequestAt(trx, userId),
        ]);
        const listener = listenerRefusal({ waiting, last_request_at: lastRequestAt }, now, rules);
        if (listener?.reason === 'limit') {
          const songs = listener.limit === 1 ? 'song' : 'songs';
          throw forbidden(`You already have ${listener.limit} ${songs} in the queue.`);
        }
        if (listener?.reason === 'cooldown') {
          const wait = listener.retryAfter;
          throw tooManyRequests(`You're queuing too fast. Wait ${secondsText(wait)}.`, wait);
        }
        return this.repo.insert(trx, songId, userId, now);
      });
    } catch (err) {
      // Another listener's request for this song committed first.
      if (isUniqueViolation(err)) throw conflict(SONG_REFUSALS.queued);
      throw err;
    }
    this.deps.bus.publish({ type: 'queue.changed' });
    this.deps.bus.publish({ type: 'feed.added', kind: 'requested', id: queueId });
    void this.deps.queued?.({ userId, songId }).catch(() => undefined);
    return queueId;
  }
}

function noMatch(filter: QueueFilter): string {
  switch (filter.kind) {
    case 'tags':
      return 'No songs available with these tags';
    case 'favorites':
      return 'None of your favorite songs can be queued right now.';
    case 'artist':
      return 'No songs by this artist can be queued right now.';
    case 'platform':
      return 'No songs on this platform can be queued right now.';
  }
}
