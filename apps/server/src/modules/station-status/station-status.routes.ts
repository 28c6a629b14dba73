import fastifyEtag from '@fastify/etag';
import { API, IcecastStatusSchema, NotModifiedSchema, NowPlayingSchema } from '@queuecast/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EMBED_SCRIPT, EMBED_SCRIPT_PATH, embedPage } from './embed-page.js';
import type { StationStatusService } from './station-status.service.js';

/**
 * What other sites and radio tools read: open to every origin (a widget on any site may ask),
 * never cached without asking again, and with an ETag so a poll that changes nothing costs a
 * 304. `publicUrl`: the station's own origin when it is set, else the one the caller used.
 */
export function stationStatusRoutes(deps: {
  status: StationStatusService;
  publicUrl: string | null;
  stationName: string;
  /** Who may frame the player: `['*']` or origins. */
  embedOrigins: string[];
}): FastifyPluginAsyncZod {
  const { status, publicUrl, stationName, embedOrigins } = deps;
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  const open = (reply: FastifyReply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
  return async (app) => {
    await app.register(fastifyEtag);
    app.get(
      API.embed.pattern,
      {
        schema: {
          tags: ['status'],
          summary: 'A small player with what plays now, for other sites to show in a frame',
          response: { 200: z.unknown().describe('The HTML page.') },
        },
      },
      async (req, reply) => {
        // Framed by the sites EMBED_ORIGINS names (any by default), unlike the rest of the site.
        const policy = String(reply.getHeader('content-security-policy') ?? '').replace(
          /frame-ancestors [^;]*/,
          `frame-ancestors ${embedOrigins.join(' ')}`,
        );
        reply.removeHeader('x-frame-options');
        return reply
          .header('content-security-policy', policy)
          .header('cache-control', 'no-cache')
          .type('text/html; charset=utf-8')
          .send(embedPage(stationName, `${origin(req)}/`));
      },
    );
    app.get(EMBED_SCRIPT_PATH, { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(EMBED_SCRIPT),
    );
    app.get(
      API.nowPlaying.pattern,
      {
        schema: {
          tags: ['status'],
          summary: 'The track on air, the next one, the live show and the listeners (public)',
          response: { 200: NowPlayingSchema, 304: NotModifiedSchema },
        },
      },
      async (req, reply) => {
        open(reply);
        return status.nowPlaying(origin(req));
      },
    );
    app.get(
      API.icecastStatus.pattern,
      {
        schema: {
          tags: ['status'],
          summary: "The MP3 mount as Icecast's status-json.xsl describes it (public)",
          response: { 200: IcecastStatusSchema, 304: NotModifiedSchema },
        },
      },
      async (req, reply) => {
        open(reply);
        return status.icecast(origin(req), req.hostname);
      },
    );
  };
}
