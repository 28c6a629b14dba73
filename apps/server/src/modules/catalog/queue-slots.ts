import type { Clock } from '../../core/clock.js';
import type { EventBus } from '../../core/bus.js';

/** A queue entry as the song lists need it: on air or waiting, with its song's lengths. */
export interface QueueSlot {
  song_id: number;
  state: string;
  started_at: number | null;
  length: number;
  h_length: number;
  h_skip: number;
}

/** How long a read of the queue is kept when no event says it changed (another node's writes). */
const MAX_AGE_SECONDS = 1;

/**
 * The queue as it stands, for the song lists: every list shows whether each song is queued and
 * when it can be requested, so every list page would read the queue. It is read once and kept
 * until the queue changes (`queue.changed`, `track.started`, here or on another node through
 * the bus) and at most a second otherwise.
 */
export class QueueSlots {
  /** Dropped on every change, a read still under way included: it may predate the change. */
  private kept: { slots: Promise<QueueSlot[]>; at: number } | null = null;

  constructor(
    private readonly read: () => Promise<QueueSlot[]>,
    private readonly clock: Clock,
  ) {}

  follow(bus: EventBus): () => void {
    return bus.subscribe((event) => {
      if (event.type === 'queue.changed' || event.type === 'track.started') this.kept = null;
    });
  }

  /** `fresh`: read now (and keep that), for work that answers the change itself. */
  current(fresh = false): Promise<QueueSlot[]> {
    const now = this.clock.now();
    if (!fresh && this.kept && now - this.kept.at < MAX_AGE_SECONDS) return this.kept.slots;
    const slots = this.read();
    this.kept = { slots, at: now };
    // A failed read is not kept: the next list tries again.
    slots.catch(() => {
      if (this.kept?.slots === slots) this.kept = null;
    });
    return slots;
  }
}
