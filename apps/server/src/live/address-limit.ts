import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';

/** Whether the hop at `addr` is a proxy to believe (proxy-addr's compiled list). */
export type ProxyTrust = (addr: string, hop: number) => boolean;

export const trustOf = (proxies: readonly string[]): ProxyTrust => proxyAddr.compile([...proxies]);

/**
 * The client's address as the HTTP routes see it (Fastify's `request.ip` with the same
 * proxies): walking X-Forwarded-For from the peer backwards, the first address that is not a
 * trusted proxy. A client cannot choose it by sending the header itself.
 */
export function clientAddress(req: IncomingMessage, trust: ProxyTrust): string {
  if (!req.socket.remoteAddress) return 'unknown';
  return proxyAddr(req, trust);
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
