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
  StreamKeySchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { DjService } from './dj.service.js';
import type { LineService } from './line.service.js';
import type { ShowService } from './show.service.js';

/** DJs, their stream keys, ending a show, and the request line. */
export function showsRoutes(deps: {
  djs: DjService;
  shows: ShowService;
  line: LineService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { djs, shows, line, guards } = deps;
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
      (req) => djs.setDj(req.user!, req.params.id, req.body.dj),
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
  };
}
