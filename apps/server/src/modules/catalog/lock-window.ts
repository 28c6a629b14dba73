import type { Clock } from '../../core/clock.js';
import type { EventBus } from '../../core/bus.js';
import { boundaryRank, effectiveLockSeconds } from '../../core/lock-window.js';
import type { LockWindowRepo } from './lock-window.repo.js';

/**
 * Keeps the fact the effective lock window is computed from (the boundary play) and answers the
 * window at the current time, so it grows with the clock between recomputations. The boundary
 * is read again at start, whenever a track starts or the queue changes, and lazily when it is
 * more than a second old (a catalogue change or another node's play).
 */
export class LockWindow {
  private boundary: number | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(
    private readonly repo: LockWindowRepo,
    private readonly clock: Clock,
    private readonly lockSeconds: () => number,
  ) {}

  /** Recompute on every event that may change who played last or what is playable. */
  follow(bus: EventBus): () => void {
    return bus.subscribe((event) => {
      if (event.type === 'track.started' || event.type === 'queue.changed')
        void this.refresh().catch(() => undefined);
    });
  }

  /**
   * Reads the facts again. A read already under way may have begun before the change this call
   * reports, so one more read follows it; every call made meanwhile shares that one.
   */
  refresh(): Promise<void> {
    if (!this.pending) {
      this.pending = this.read().finally(() => (this.pending = null));
      return this.pending;
    }
    this.queued ??= this.pending
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.refresh();
      });
    return this.queued;
  }

  /** Seconds a played song stays locked now. */
  seconds(): number {
    const now = this.clock.now();
    if (now - this.readAt >= 1) void this.refresh().catch(() => undefined);
    return effectiveLockSeconds({
      lockSeconds: this.lockSeconds(),
      now,
      boundaryPlayedAt: this.boundary,
    });
  }

  private async read() {
    const played = await this.repo.playedCount();
    const counted = played > 0 ? await this.repo.playableCount(2 * played) : 0;
    const rank = boundaryRank(played, counted);
    this.boundary = rank === null ? null : await this.repo.nthLastPlay(rank);
    this.readAt = this.clock.now();
  }
}
