/**
 * When the player opens the stream again by itself. A network drop or a stream that stops
 * (the station restarting, a proxy cutting the connection) leaves the audio clock standing
 * while the player should play; a fatal stream error says so at once. Either way the stream is
 * reopened: within 5 s of the audio stopping, and again every few seconds while it stays away,
 * so it plays again within a few seconds of coming back.
 */

/** The audio clock may stand still this long while playing before the stream is reopened. */
export const STALL_MS = 3000;
/** A fresh stream gets longer to start (hls.js, the playlist and the first segments to load). */
export const START_MS = 10_000;
/** Waits before reopening after the n-th failure in a row: never longer than 4 s. */
export const RETRY_DELAYS_MS = [0, 1000, 2000, 4000] as const;
/** How often the clock is looked at. */
export const WATCH_INTERVAL_MS = 500;

export function retryDelay(failures: number): number {
  return RETRY_DELAYS_MS[Math.min(failures, RETRY_DELAYS_MS.length - 1)]!;
}

/**
 * Watches the audio clock of one opened stream: `sample` answers true once the clock has not
 * moved for STALL_MS since it last moved (START_MS before it first moves).
 */
export class ProgressWatch {
  private lastTime: number | null = null;
  private movedAt: number;
  private started = false;

  constructor(now: number) {
    this.movedAt = now;
  }

  /** Whether the audio ever played since this stream opened. */
  get hasStarted(): boolean {
    return this.started;
  }

  sample(currentTime: number, now: number): boolean {
    if (this.lastTime === null || currentTime !== this.lastTime) {
      if (this.lastTime !== null) this.started = true;
      this.lastTime = currentTime;
      this.movedAt = now;
      return false;
    }
    return now - this.movedAt >= (this.started ? STALL_MS : START_MS);
  }
}
