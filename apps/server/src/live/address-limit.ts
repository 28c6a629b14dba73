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
