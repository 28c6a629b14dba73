import { API, ErrorSchema } from '@queuecast/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.js';
import { metricsRefusal } from './metrics-access.js';
import type { StationMetrics } from './metrics.js';

/** GET /metrics: the node's metrics in Prometheus' text format, for a scraper. */
export function metricsRoutes(deps: {
  metrics: StationMetrics;
  token: string | undefined;
}): FastifyPluginAsyncZod {
  const { metrics, token } = deps;
  return async (app) => {
    app.get(
      API.metrics.pattern,
      {
        schema: {
          tags: ['operations'],
          summary: "This node's metrics, Prometheus text (METRICS_TOKEN, or a private address)",
          security: [{ bearer: [] }],
          response: {
            200: z.unknown().describe('Prometheus text exposition format 0.0.4'),
            401: ErrorSchema,
            403: ErrorSchema,
          },
        },
      },
      async (req, reply) => {
        const refusal = metricsRefusal(token, req.headers.authorization, req.ip);
        if (refusal) throw new HttpError(refusal.status, refusal.message);
        const text = await metrics.text();
        return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  };
}
