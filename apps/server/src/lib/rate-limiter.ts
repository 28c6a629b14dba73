/**
 * Sliding-window counter per key, in memory. Used where the rule depends on the request's
 * meaning (a login's username, a failed attempt) rather than only on its route.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = Date.now();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Seconds until `key` may act again; 0 when it may act now. Does not record a hit. */
  retryAfter(key: string): number {
    const recent = this.recent(key);
    if (recent.length < this.limit) return 0;
    const oldest = recent[recent.length - this.limit] ?? this.now();
    return Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000));
  }

  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    this.sweep();
  }

  /** Records a hit when allowed; answers the wait in seconds otherwise. */
  take(key: string): number {
    const wait = this.retryAfter(key);
    if (wait === 0) this.record(key);
    return wait;
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }

  private sweep(): void {
    if (this.now() - this.lastSweep < this.windowMs) return;
    this.lastSweep = this.now();
    const since = this.now() - this.windowMs;
    for (const [key, times] of this.hits) {
      if ((times.at(-1) ?? 0) <= since) this.hits.delete(key);
    }
  }
}
