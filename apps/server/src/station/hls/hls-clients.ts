/** An HLS client counts as listening this long after its last playlist or segment request. */
export const HLS_CLIENT_WINDOW_MS = 30_000;
const MAX_TRACKED = 100_000;

/** One HLS client's stay: from its first fetch to its last (epoch milliseconds). */
export interface HlsStay {
  address: string;
  userAgent: string | undefined;
  startedAt: number;
  endedAt: number;
}

interface Seen {
  address: string;
  userAgent: string | undefined;
  first: number;
  last: number;
}

/**
 * HLS listeners, known only by their fetches (address and user agent): a client listens from
 * its first fetch until 30 s pass without one, which ends its stay (`onLeave`), as Icecast
 * counts a listener from its connection to its end.
 */
export class HlsClients {
  private readonly seen = new Map<string, Seen>();
  /** Told of each stay that ended. */
  onLeave: ((stay: HlsStay) => void) | null = null;
  /** Told of each client's first fetch. */
  onArrive: (() => void) | null = null;

  touch(address: string, userAgent: string | undefined, now = Date.now()): void {
    const key = `${address} ${userAgent ?? ''}`;
    const known = this.seen.get(key);
    this.seen.delete(key); // re-insert: the map stays in last-seen order
    this.seen.set(key, { address, userAgent, first: known?.first ?? now, last: now });
    if (this.seen.size > MAX_TRACKED) this.prune(now);
    if (!known) this.onArrive?.();
  }

  count(now = Date.now()): number {
    this.prune(now);
    return this.seen.size;
  }

  private prune(now: number): void {
    for (const [key, client] of this.seen) {
      if (now - client.last <= HLS_CLIENT_WINDOW_MS && this.seen.size <= MAX_TRACKED) break;
      this.seen.delete(key);
      this.onLeave?.({
        address: client.address,
        userAgent: client.userAgent,
        startedAt: client.first,
        endedAt: client.last,
      });
    }
  }
}
