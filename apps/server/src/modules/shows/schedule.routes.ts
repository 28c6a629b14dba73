import {
  API,
  ErrorSchema,
  IdParamSchema,
  OkSchema,
  ScheduledShowSchema,
  ScheduleQuerySchema,
  ScheduleSchema,
  ShowBodySchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { ScheduleService } from './schedule.service.js';

/** The show schedule: anyone reads the week; staff plan, change and remove shows. */
export function scheduleRoutes(deps: {
  schedule: ScheduleService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { schedule, guards } = deps;
  const staff = guards.requireRole('helper', 'moderator', 'admin');
  const denied = { 401: ErrorSchema, 403: ErrorSchema };
  return async (app) => {
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
  };
}
