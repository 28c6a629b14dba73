import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Brotli at the quality the API's answers get too (app.ts): about gzip's cost. */
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Sends an HTML page compressed as the client takes it. The site's pages are answered by the
 * not-found handler (every path that is no file and no API route), which is not a route: the
 * compression plugin's hook, added to each route, never sees it.
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, html: string) {
  void reply.header('vary', 'accept-encoding');
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
  if (encoding === 'br') {
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(html, BROTLI));
  }
  if (encoding === 'gzip')
    return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(html));
  return reply.send(html);
}
