import type { FastifyInstance } from 'fastify';

/**
 * Every answered request is counted and timed by its route's pattern (`/api/song/:id`), so the
 * metrics have one series per route whatever the URLs; a URL no route matched is `unmatched`.
 */
export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: { observe(method: string, route: string, status: number, seconds: number): void },
): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
