import type { Playing } from './playing.js';
import type { Track } from './scheduler.js';

/**
 * The track prepared to follow the one on air, and a replacement on its way: a request that
 * arrived after an auto-DJ pick was prepared and decoding. The replacement takes the prepared
 * track's place once it has audio, so a track change never waits for it; should the track on
 * air end first, the prepared one plays and the replacement is dropped (the request stays in
 * the queue and is chosen next). Every change of the prepared track is told to `changed`.
 */
export class Upcoming {
  prepared: Playing | null = null;
  replacing: Playing | null = null;

  constructor(private readonly changed: (track: Track | null) => void) {}

  /** `playing` is now prepared to follow. */
  prepare(playing: Playing): void {
    this.prepared = playing;
    this.changed(playing.track);
  }

  /** The replacement has audio ready (or failed): it takes the prepared track's place. */
  settle(): void {
    const replacement = this.replacing;
    if (!replacement?.ready) return;
    this.replacing = null;
    this.prepared?.stop();
    this.prepare(replacement);
  }

  /** Whether the prepared track has audio (its decoder started if it was not). */
  ready(): boolean {
    this.settle();
    const next = this.prepared;
    next?.audio();
    return next?.ready ?? false;
  }

  /**
   * The prepared track, taken to go on air once it is ready (null before); a replacement not
   * ready in time is dropped then. Answers whether one was dropped too.
   */
  take(): { next: Playing | null; dropped: boolean } {
    this.settle();
    const dropped = this.replacing !== null;
    this.replacing?.stop();
    this.replacing = null;
    if (!this.ready()) return { next: null, dropped };
    const next = this.prepared;
    this.prepared = null;
    return { next, dropped };
  }

  /** Drops the prepared track and its replacement, telling it when `tell`. */
  drop(tell = true): void {
    this.replacing?.stop();
    this.replacing = null;
    const prepared = this.prepared;
    if (!prepared) return;
    prepared.stop();
    this.prepared = null;
    if (tell) this.changed(null);
  }
}
