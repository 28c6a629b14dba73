import { ErrorSchema, HealthSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { pingDatabase } from '../../db/database.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/healthz',
      { schema: { tags: ['health'], response: { 200: HealthSchema, 503: ErrorSchema } } },
      async (req, reply) => {
        try {
          await pingDatabase(ctx.db);
          return { status: 'ok' as const, database: ctx.engine };
        } catch (err) {
          req.log.error({ err }, 'health check: database did not answer');
          return reply.code(503).send({ error: 'Database unavailable' });
        }
      },
    );
  };
}
