import {
  API,
  ErrorSchema,
  IdParamSchema,
  OkSchema,
  SCHEDULE_LIMITS,
  ScheduledShowSchema,
  ScheduleQuerySchema,
  ScheduleSchema,
  ShowPageSchema,
  ShowBodySchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import { HttpError } from '../../lib/http-error.js';
import type { ScheduleService } from './schedule.service.js';

/** The picture types a show's artwork may be sent as, as its body. */
const ARTWORK_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
const NOT_A_PICTURE = 'Send the artwork as a PNG, JPEG, GIF or WebP picture.';

/** The show schedule: anyone reads the week; staff plan, change and remove shows. */
export function scheduleRoutes(deps: {
  schedule: ScheduleService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { schedule, guards } = deps;
  const staff = guards.requireRole('helper', 'moderator', 'admin');
  const denied = { 401: ErrorSchema, 403: ErrorSchema };
  return async (app) => {
    // Only this plugin's routes take a picture as their body (the artwork's), as bytes.
    app.addContentTypeParser(ARTWORK_TYPES, { parseAs: 'buffer' }, (_req, body, done) => {
      done(null, body);
    });

    app.get(
      API.schedule.pattern,
      {
        schema: {
          tags: ['live'],
          summary:
            'The slots of the seven days from `from` (default now), the show on now and the next',
          querystring: ScheduleQuerySchema,
          response: { 200: ScheduleSchema, 400: ErrorSchema },
        },
      },
      (req) => schedule.week(req.query.from),
    );

    app.post(
      API.schedule.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['live'],
          summary: 'Plan a show: a DJ’s live slot or a themed hour of the auto-DJ (staff)',
          security: [{ bearer: [] }],
          body: ShowBodySchema,
          response: { 200: ScheduledShowSchema, 400: ErrorSchema, ...denied, 404: ErrorSchema },
        },
      },
      (req) => schedule.create(req.user!, req.body),
    );

    app.get(
      API.scheduledShow.pattern,
      {
        schema: {
          tags: ['live'],
          summary: 'A planned show and its slot on now or next (null: a one-off show that is over)',
          params: IdParamSchema,
          response: { 200: ShowPageSchema, 400: ErrorSchema, 404: ErrorSchema },
        },
      },
      (req) => schedule.show(req.params.id),
    );

    app.put(
      API.scheduledShow.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['live'],
          summary: 'Change a planned show (staff)',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          body: ShowBodySchema,
          response: { 200: ScheduledShowSchema, 400: ErrorSchema, ...denied, 404: ErrorSchema },
        },
      },
      (req) => schedule.update(req.user!, req.params.id, req.body),
    );

    app.delete(
      API.scheduledShow.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['live'],
          summary: 'Remove a planned show (staff)',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: { 200: OkSchema, 400: ErrorSchema, ...denied, 404: ErrorSchema },
        },
      },
      async (req) => {
        await schedule.remove(req.user!, req.params.id);
        return { success: true as const };
      },
    );

    app.put(
      API.scheduledShowArtwork.pattern,
      {
        preHandler: staff,
        bodyLimit: SCHEDULE_LIMITS.artworkMaxBytes,
        schema: {
          tags: ['live'],
          summary: 'Set a show’s artwork: the picture as the body (staff)',
          description:
            'The body is the picture itself, with its type: image/png, image/jpeg, image/gif ' +
            'or image/webp, at most 5 MiB and 4096 × 4096 pixels. It is served as ' +
            '`artwork_url`, and as 96 and 512 px square JPEGs.',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: {
            200: ScheduledShowSchema,
            400: ErrorSchema,
            ...denied,
            404: ErrorSchema,
            413: ErrorSchema,
            415: ErrorSchema,
          },
        },
      },
      (req) => {
        if (!Buffer.isBuffer(req.body) || req.body.length === 0) {
          throw new HttpError(415, NOT_A_PICTURE);
        }
        return schedule.setArtwork(req.user!, req.params.id, req.body);
      },
    );

    app.delete(
      API.scheduledShowArtwork.pattern,
      {
        preHandler: staff,
        schema: {
          tags: ['live'],
          summary: 'Remove a show’s artwork (staff)',
          security: [{ bearer: [] }],
          params: IdParamSchema,
          response: { 200: ScheduledShowSchema, 400: ErrorSchema, ...denied, 404: ErrorSchema },
        },
      },
      (req) => schedule.removeArtwork(req.user!, req.params.id),
    );
  };
}
