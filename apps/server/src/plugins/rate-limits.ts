import { once } from 'node:events';
import fastifyRateLimit from '@fastify/rate-limit';
import { isStaff } from '@queuecast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { LimitName, LimitTable } from '../core/rate-limits.js';
import { tooManyRequests } from '../lib/http-error.js';
import { secondsText } from '../lib/text.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The rate limit this route counts against (see core/rate-limits.ts). */
    limit?: LimitName;
  }
}

/** How long registering waits for Redis before counting starts without it. */
const READY_WAIT_MS = 3000;

export interface LimitStore {
  /** Counters in this Redis, shared by every node of the station; unset: in this process. */
  redisUrl: string | undefined;
  /** What every counter's key starts with. */
  keyPrefix: string;
}

/**
 * Every rate limit through @fastify/rate-limit: a route names its limit in `config.limit`, and
 * the count runs after the route's own guards (so `per: 'user'` counts the signed-in account)
 * and before its handler. A refusal is a 429 `{ error, retry_after }` with Retry-After. When
 * Redis cannot be reached the request goes through: a limit must not take the station down.
 * Register before the routes.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  table: LimitTable,
  store: LimitStore,
): Promise<void> {
  let redis: Redis | undefined;
  if (store.redisUrl) {
    const { Redis: RedisClient } = await import('ioredis');
    const client = new RedisClient(store.redisUrl, {
      connectionName: 'queuecast-limits',
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    client.on('error', (err) => app.log.warn({ err: err.message }, 'rate limits: Redis error'));
    app.addHook('onClose', async () => {
      await client.quit().catch(() => client.disconnect());
    });
    redis = client;
    // Commands are not queued while disconnected (a request never waits on Redis), so the
    // first ones wait for the connection here, for a few seconds at most.
    await Promise.race([
      once(client, 'ready'),
      new Promise((resolve) => setTimeout(resolve, READY_WAIT_MS).unref()),
    ]).catch(() => undefined);
  }

  // Turns a route's `config.limit` into the plugin's own `config.rateLimit`; it runs before the
  // plugin's own onRoute hook, which is added when the plugin registers below.
  app.addHook('onRoute', (route) => {
    const name = route.config?.limit;
    if (!name) return;
    const limit = table[name];
    route.config = {
      ...route.config,
      rateLimit: {
        max: limit.max,
        timeWindow: limit.windowMs,
        ...(limit.staffExempt
          ? { allowList: (req: FastifyRequest) => req.user !== null && isStaff(req.user.role) }
          : {}),
        keyGenerator: (req: FastifyRequest) =>
          limit.per === 'user' && req.user ? `${name}:user:${req.user.id}` : `${name}:ip:${req.ip}`,
        errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) => {
          const wait = Math.max(1, Math.ceil(context.ttl / 1000));
          return tooManyRequests(limit.refusal(secondsText(wait)), wait);
        },
      },
    };
  });

  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${store.keyPrefix}:limits:` } : {}),
  });
}
