import { ErrorSchema, HealthSchema, API, type Health } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';

export function healthRoutes(deps: {
  db: Db;
  engine: Engine;
  playout: () => Health['playout'];
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      API.health.pattern,
      { schema: { tags: ['health'], response: { 200: HealthSchema, 503: ErrorSchema } } },
      async (req, reply) => {
        try {
          await pingDatabase(deps.db);
          return { status: 'ok' as const, database: deps.engine, playout: deps.playout() };
        } catch (err) {
          req.log.error({ err }, 'health check: database did not answer');
          return reply.code(503).send({ error: 'Database unavailable' });
        }
      },
    );
  };
}
