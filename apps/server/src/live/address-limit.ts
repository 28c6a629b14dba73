import type { IncomingMessage } from 'node:http';

/**
 * The client's address as the HTTP routes see it: behind a trusted proxy, the first address of
 * X-Forwarded-For (what Fastify's `request.ip` gives with TRUST_PROXY); otherwise the peer's.
 */
export function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers['x-forwarded-for'] : undefined;
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',', 1)[0]?.trim();
  return first || req.socket.remoteAddress || 'unknown';
}

/** Open sockets per client address, up to `max` each. */
export class AddressLimit {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more socket for `address`, unless it already has `max`; says whether it did. */
  tryAdd(address: string): boolean {
    const count = this.counts.get(address) ?? 0;
    if (count >= this.max) return false;
    this.counts.set(address, count + 1);
    return true;
  }

  remove(address: string): void {
    const count = this.counts.get(address) ?? 0;
    if (count <= 1) this.counts.delete(address);
    else this.counts.set(address, count - 1);
  }

  count(address: string): number {
    return this.counts.get(address) ?? 0;
  }
}
