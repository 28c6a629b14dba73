import { API, ErrorSchema, SkipResultSchema, StreamSegmentParamSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../auth/guards.js';
import { leaveConnectionCap } from '../lib/connection-cap.js';
import { notFound, tooManyRequests } from '../lib/http-error.js';
import { HLS_SEGMENT_PATTERN } from './playout/encoder.js';
import type { HlsFolder } from './hls/hls-folder.js';
import type { HlsListeners } from './hls/hls-listeners.js';
import type { PlayoutLeader } from './leader/playout-leader.js';
import type { Station } from './station.js';
import { offAir, type StationService } from './station.service.js';

/** What a refused stream is told to wait: any stream of the address may end at any time. */
const MP3_RETRY_SECONDS = 10;
/** Caches may keep the playlist this long: under one segment, so players keep up. */
const PLAYLIST_MAX_AGE_S = 1;

/** The streams (HLS from the shared folder, continuous MP3) and staff control of the station. */
export function stationRoutes(deps: {
  station: Station;
  leader: PlayoutLeader;
  /** The shared folder the playout writes HLS to. */
  hls: HlsFolder;
  /** The HLS clients counted here and on the other nodes. */
  hlsListeners: HlsListeners;
  service: StationService;
  guards: AuthGuards;
  /** Where MP3 listeners are sent instead (an Icecast mount relaying the station). */
  mp3Elsewhere?: string | undefined;
}): FastifyPluginAsyncZod {
  const { station, leader, hls, hlsListeners, service, guards, mp3Elsewhere } = deps;
  return async (app) => {
    // HLS comes from the shared folder the playout writes, on every node: it answers the same
    // whichever node a listener reaches. The playlist changes every segment; a segment never.
    app.get('/stream/live.m3u8', { schema: { hide: true } }, async (req, reply) => {
      const playlist = await hls.playlist();
      if (!playlist) throw offAir();
      hlsListeners.clients.touch(req.ip, req.headers['user-agent']);
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', `public, max-age=${PLAYLIST_MAX_AGE_S}`)
        .send(playlist);
    });

    app.get(
      '/stream/live.mp3',
      // An audio stream is no page: the site's security headers would only be held in memory
      // for as long as each listener stays (thousands of them), and protect nothing here.
      { schema: { hide: true }, helmet: false },
      async (req, reply) => {
        // Icecast serves the listeners; every node sends them there, playout or not.
        if (mp3Elsewhere) return reply.redirect(mp3Elsewhere, 302);
        if (!station.isRunning) throw offAir();
        // A HEAD asks what the stream is, without taking a place.
        if (req.method === 'HEAD') return reply.header('content-type', 'audio/mpeg').send();
        if (!station.mp3.hasRoomFor(req.ip)) {
          throw tooManyRequests(
            'Too many streams from your address. Close one and try again.',
            MP3_RETRY_SECONDS,
          );
        }
        reply.hijack();
        // No longer plain HTTP: the stream counts against MP3_MAX_PER_IP instead.
        leaveConnectionCap(req.raw.socket);
        station.mp3.accept(
          req.raw.socket,
          req.ip,
          req.headers['icy-metadata'] === '1',
          req.headers['user-agent'],
        );
        return reply;
      },
    );

    app.get(
      '/stream/:segment',
      { schema: { hide: true, params: StreamSegmentParamSchema } },
      async (req, reply) => {
        const { segment } = req.params;
        if (!HLS_SEGMENT_PATTERN.test(segment)) throw notFound('Not found: no such stream.');
        const data = await hls.segment(segment);
        if (!data) throw notFound('That segment has expired.');
        hlsListeners.clients.touch(req.ip, req.headers['user-agent']);
        return reply
          .header('content-type', 'video/mp2t')
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(data);
      },
    );

    app.post(
      API.skip.pattern,
      {
        preHandler: guards.requireRole('moderator', 'admin'),
        schema: {
          tags: ['station'],
          summary: 'Cut the track on air (moderators and admins)',
          security: [{ bearer: [] }],
          response: {
            200: SkipResultSchema,
            401: ErrorSchema,
            403: ErrorSchema,
            409: ErrorSchema,
          },
        },
      },
      () => service.skip(),
    );

    // Before the server closes: MP3 listeners hold their connections open until told.
    // The lease is given up as the station stops, so a standby takes over at once.
    app.addHook('onReady', async () => hlsListeners.start());
    app.addHook('preClose', async () => {
      hlsListeners.stop();
      await leader.stop();
      await station.stop();
      await station.mp3.close();
    });
  };
}
