import fastifyEtag from '@fastify/etag';
import { API, IcecastStatusSchema, NotModifiedSchema, NowPlayingSchema } from '@queuecast/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StationStatusService } from './station-status.service.js';

/**
 * What other sites and radio tools read: open to every origin (a widget on any site may ask),
 * never cached without asking again, and with an ETag so a poll that changes nothing costs a
 * 304. `publicUrl`: the station's own origin when it is set, else the one the caller used.
 */
export function stationStatusRoutes(deps: {
  status: StationStatusService;
  publicUrl: string | null;
}): FastifyPluginAsyncZod {
  const { status, publicUrl } = deps;
  const origin = (req: FastifyRequest) => publicUrl ?? `${req.protocol}://${req.host}`;
  const open = (reply: FastifyReply) =>
    reply.header('access-control-allow-origin', '*').header('cache-control', 'no-cache');
  return async (app) => {
    await app.register(fastifyEtag);
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
