/**
 * How late the playout's clock ticks come: each tick's delay past its interval (a busy event
 * loop, a stalled machine). The PCM written ahead covers a late tick; the largest delay since it
 * was last read tells how close the station came to a gap.
 */
export class TickLag {
  private last = 0;
  private worstMs = 0;

  constructor(private readonly intervalMs: number) {}

  mark(now = performance.now()): void {
    if (this.last > 0) this.worstMs = Math.max(this.worstMs, now - this.last - this.intervalMs);
    this.last = now;
  }

  /** The largest delay in seconds since the last call, and starts over. */
  takeWorst(): number {
    const worst = this.worstMs;
    this.worstMs = 0;
    return Math.max(0, worst) / 1000;
  }
}
