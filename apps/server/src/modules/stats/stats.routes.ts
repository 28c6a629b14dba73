import {
  API,
  ActivityStatsSchema,
  ErrorSchema,
  ListenerSeriesSchema,
  SessionStatsSchema,
  StatsRangeQuerySchema,
} from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuards } from '../../auth/guards.js';
import type { StatsService } from './stats.service.js';

const STAFF = ['helper', 'moderator', 'admin'] as const;

export function statsRoutes(deps: {
  stats: StatsService;
  guards: AuthGuards;
}): FastifyPluginAsyncZod {
  const { stats, guards } = deps;
  const schema = (
    summary: string,
    body: typeof ListenerSeriesSchema | typeof SessionStatsSchema | typeof ActivityStatsSchema,
  ) => ({
    tags: ['stats'],
    summary,
    security: [{ bearer: [] }],
    querystring: StatsRangeQuerySchema,
    response: { 200: body, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema },
  });
  return async (app) => {
    app.get(
      API.statsListeners.pattern,
      {
        preHandler: guards.requireRole(...STAFF),
        schema: schema(
          'Listeners over a range, per minute, hour or day (staff)',
          ListenerSeriesSchema,
        ),
      },
      (req) => stats.listeners(req.query),
    );
    app.get(
      API.statsSessions.pattern,
      {
        preHandler: guards.requireRole(...STAFF),
        schema: schema(
          'Listening sessions by length, output and client (staff)',
          SessionStatsSchema,
        ),
      },
      (req) => stats.sessions(req.query),
    );
    app.get(
      API.statsActivity.pattern,
      {
        preHandler: guards.requireRole(...STAFF),
        schema: schema(
          "Listeners' requests, votes and chat lines per hour or day (staff)",
          ActivityStatsSchema,
        ),
      },
      (req) => stats.activity(req.query),
    );
  };
}
