import {
  API,
  DjBodySchema,
  DjStatusSchema,
  ErrorSchema,
  IdParamSchema,
  LiveKickBodySchema,
  LiveKickResultSchema,
  LiveLineItemSchema,
  LiveLineListSchema,
  LiveLinePostSchema,
  RecordingFileQuerySchema,
  RecordingListQuerySchema,
  RecordingListSchema,
  StreamKeySchema,
} from '@queuecast/contract';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { byteRange } from '../../lib/file-range.js';
import { notFound } from '../../lib/http-error.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { DjService } from './dj.service.js';
import type { LineService } from './line.service.js';
import type { ShowService } from './show.service.js';

/** DJs, their stream keys, ending a show, the request line, and the shows' recordings. */
export function showsRoutes(deps: {
  djs: DjService;
  shows: ShowService;
  line: LineService;
  guards: AuthGuards;
  /** The folder the playout records shows to (DATA_DIR/recordings); null: none are. */
  recordingsDir: string | null;
}): FastifyPluginAsyncZod {
  const { djs, shows, line, guards, recordingsDir } = deps;
  const denied = { 401: ErrorSchema, 403: ErrorSchema };
  return async (app) => {
    app.put(
      API.adminUserDj.pattern,
      {
        preHandler: guards.requireRole('admin'),
        schema: {
          tags: ['admin'],
          summary:
            'Grant or revoke the DJ permission: granting gives a stream key and lifts a ban, revoking drops the key and ends their show; written to the audit log (admins)',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: DjBodySchema,
          response: { 200: DjStatusSchema, ...denied, 404: ErrorSchema },
        },
      },
      (req) => djs.setDj(req.user!, req.params.id, req.body.dj, req.body.anytime),
    );

    app.get(
      API.streamKey.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['live'],
          summary:
            "The DJ's stream key (the password of their source client) and where to connect (DJs)",
          security: [{ bearer: [] }],
          response: { 200: StreamKeySchema, ...denied },
        },
      },
      (req) => djs.streamKey(req.user!),
    );

    app.post(
      API.streamKey.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['live'],
          summary: "Replace the DJ's stream key; the old one stops working (DJs)",
          security: [{ bearer: [] }],
          response: { 200: StreamKeySchema, ...denied },
        },
      },
      (req) => djs.replaceStreamKey(req.user!),
    );

    app.post(
      API.liveKick.pattern,
      {
        preHandler: guards.requireRole('moderator', 'admin'),
        schema: {
          tags: ['live'],
          summary:
            "End the live show on air: the DJ's source is dropped, the queue resumes, and the DJ may not connect for ban_minutes; written to the audit log (moderators and admins)",
          security: [{ bearer: [] }],
          body: LiveKickBodySchema,
          response: { 200: LiveKickResultSchema, 400: ErrorSchema, ...denied, 409: ErrorSchema },
        },
      },
      (req) => shows.kick(req.user!, req.body.ban_minutes),
    );

    app.get(
      API.liveLine.pattern,
      {
        preHandler: guards.requireUser,
        schema: {
          tags: ['live'],
          summary: "The request line of the DJ's show on air, newest first (DJs)",
          security: [{ bearer: [] }],
          response: { 200: LiveLineListSchema, ...denied },
        },
      },
      (req) => line.list(req.user!),
    );

    app.post(
      API.liveLine.pattern,
      {
        preHandler: guards.requireUser,
        config: { limit: 'dedication' },
        schema: {
          tags: ['live'],
          summary: 'Send the DJ on air a dedication, perhaps naming a song (signed-in listeners)',
          security: [{ bearer: [] }],
          body: LiveLinePostSchema,
          response: {
            200: LiveLineItemSchema,
            400: ErrorSchema,
            ...denied,
            404: ErrorSchema,
            409: ErrorSchema,
            429: ErrorSchema,
          },
        },
      },
      (req) => line.dedicate(req.user!, req.body),
    );
    app.get(
      API.liveRecordings.pattern,
      {
        schema: {
          tags: ['live'],
          summary:
            'Recordings of past live shows (of one planned show, given `show`), newest first, with the titles the DJ sent',
          querystring: RecordingListQuerySchema,
          response: { 200: RecordingListSchema, 400: ErrorSchema },
        },
      },
      (req) => shows.recordings(req.query.show),
    );

    app.get(
      API.liveRecording.pattern,
      {
        schema: {
          tags: ['live'],
          summary: "A show's recording (audio/mpeg, chapters as ID3v2 CHAP frames); Range served",
          params: IdParamSchema,
          querystring: RecordingFileQuerySchema,
          response: {
            200: z.unknown().describe('The recording, audio/mpeg.'),
            206: z.unknown().describe('Part of the recording (a Range request).'),
            404: ErrorSchema,
            416: ErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const name = recordingsDir ? await shows.recordingOf(req.params.id) : null;
        const file = name && recordingsDir ? path.join(recordingsDir, path.basename(name)) : null;
        const stat = file ? await fs.promises.stat(file).catch(() => null) : null;
        if (!file || !stat) throw notFound('Recording not found.');
        reply
          .header('content-type', 'audio/mpeg')
          .header('accept-ranges', 'bytes')
          .header('cache-control', 'public, max-age=86400');
        if (req.query.download === '1') {
          reply.header('content-disposition', `attachment; filename="show-${req.params.id}.mp3"`);
        }
        const range = byteRange(req.headers.range, stat.size);
        if (range === 'unsatisfiable') {
          return reply
            .code(416)
            .header('content-range', `bytes */${stat.size}`)
            .type('application/json')
            .send({ error: 'That part of the recording does not exist.' });
        }
        if (!range) {
          return reply.header('content-length', stat.size).send(fs.createReadStream(file));
        }
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`)
          .header('content-length', range.end - range.start + 1)
          .send(fs.createReadStream(file, { start: range.start, end: range.end }));
      },
    );
  };
}
