/** An HLS client counts as listening this long after its last playlist request. */
export const HLS_CLIENT_WINDOW_MS = 30_000;
const MAX_TRACKED = 100_000;

/** HLS listeners, known only by their playlist polls: address and user agent, last seen. */
export class HlsClients {
  private readonly seen = new Map<string, number>();

  touch(address: string, userAgent: string | undefined, now = Date.now()): void {
    const key = `${address} ${userAgent ?? ''}`;
    this.seen.delete(key); // re-insert: the map stays in last-seen order
    this.seen.set(key, now);
    if (this.seen.size > MAX_TRACKED) this.prune(now);
  }

  count(now = Date.now()): number {
    this.prune(now);
    return this.seen.size;
  }

  private prune(now: number): void {
    for (const [key, at] of this.seen) {
      if (now - at <= HLS_CLIENT_WINDOW_MS && this.seen.size <= MAX_TRACKED) break;
      this.seen.delete(key);
    }
  }
}
