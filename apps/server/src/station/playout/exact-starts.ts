import type { EventBus } from '../../core/bus.js';

/** Exact start times kept for the latest tracks: a listener is some seconds behind at most. */
const KEPT = 8;

/**
 * The starts of the latest tracks to the millisecond, as the playout announces them on the bus
 * (the database keeps whole seconds): every node's live updates date track changes as exactly
 * as the HLS program date-times, wherever the playout runs.
 */
export class ExactStarts {
  private readonly starts = new Map<string, number>();
  readonly stop: () => void;

  constructor(bus: EventBus) {
    this.stop = bus.subscribe((event) => {
      if (event.type !== 'track.started') return;
      const key = `${event.song_id}@${event.started_at}`;
      // A track resumed (a restart, or the playout moving to another node) is announced with its
      // stored second only: the exact start heard before is kept.
      if (this.starts.has(key) && event.exact_start === event.started_at) return;
      this.starts.set(key, event.exact_start);
      for (const key of this.starts.keys()) {
        if (this.starts.size <= KEPT) break;
        this.starts.delete(key);
      }
    });
  }

  /** The exact start of a recent track given its song and stored second; else that second. */
  of(songId: number, stored: number): number {
    return this.starts.get(`${songId}@${stored}`) ?? stored;
  }
}
