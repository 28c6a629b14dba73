import type { Clock } from '../../core/clock.js';
import type { EventBus } from '../../core/bus.js';
import { effectiveLockSeconds, maxLocked } from '../../core/lock-window.js';
import type { LockWindowRepo } from './lock-window.repo.js';

/**
 * Keeps the facts of the effective lock window (playable count, boundary play) and answers the
 * window at the current time, so it grows with the clock between recomputations. The facts are
 * read again at start, whenever a track starts or the queue or catalogue changes, and lazily
 * when they are more than a second old.
 */
export class LockWindow {
  private playableCount = 0;
  private boundary: number | null = null;
  private readAt = Number.NEGATIVE_INFINITY;
  private pending: Promise<void> | null = null;

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

  /** Reads the facts again; concurrent calls share one read. */
  refresh(): Promise<void> {
    this.pending ??= this.read().finally(() => (this.pending = null));
    return this.pending;
  }

  /** Seconds a played song stays locked now. */
  seconds(): number {
    const now = this.clock.now();
    if (now - this.readAt >= 1) void this.refresh().catch(() => undefined);
    return effectiveLockSeconds({
      lockSeconds: this.lockSeconds(),
      now,
      playableCount: this.playableCount,
      boundaryPlayedAt: this.boundary,
    });
  }

  private async read() {
    const count = await this.repo.playableCount();
    const boundary = await this.repo.nthLastPlay(maxLocked(count) + 1);
    this.playableCount = count;
    this.boundary = boundary;
    this.readAt = this.clock.now();
  }
}
