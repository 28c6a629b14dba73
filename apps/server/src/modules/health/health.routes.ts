import { API, HealthSchema, ReadinessSchema, type Health } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase, type Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { readiness, type ReadinessProbes } from './readiness.js';

/**
 * `/healthz` is liveness: the process answers, whatever its dependencies do (an orchestrator
 * that restarted it while the database is away would only add an outage). `/readyz` is
 * readiness: 200 only when the database, Redis (where configured) and the playout are as this
 * process's role needs; 503 otherwise, with the same detail.
 */
export function healthRoutes(
  deps: { db: Db; engine: Engine; playout: () => Health['playout'] } & Omit<
    ReadinessProbes,
    'ping'
  >,
): FastifyPluginAsyncZod {
  const probes: ReadinessProbes = { ...deps, ping: () => pingDatabase(deps.db) };
  return async (app) => {
    app.get(
      API.health.pattern,
      { schema: { tags: ['health'], response: { 200: HealthSchema } } },
      () => ({ status: 'ok' as const, database: deps.engine, playout: deps.playout() }),
    );
    app.get(
      API.ready.pattern,
      { schema: { tags: ['health'], response: { 200: ReadinessSchema, 503: ReadinessSchema } } },
      async (_req, reply) => {
        const found = await readiness(probes);
        return reply.code(found.ready ? 200 : 503).send(found);
      },
    );
  };
}
