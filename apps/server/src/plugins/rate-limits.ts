import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyRateLimit from '@fastify/rate-limit';
import { isStaff } from '@queuecast/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { LimitName, LimitTable } from '../core/rate-limits.js';
import { tooManyRequests } from '../lib/http-error.js';
import { waitText } from '../lib/text.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The rate limit this route counts against (see core/rate-limits.ts), or several: each is
     * counted, and the first one over refuses.
     */
    limit?: LimitName | readonly LimitName[];
  }
}

/** How long registering waits for Redis before counting starts without it. */
const READY_WAIT_MS = 3000;
/** How long the refusal of a further limit per address is held (see the onRoute hook). */
const HOLD_MS = 1000;

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

  const settingsOf = (name: LimitName) => {
    const limit = table[name];
    return {
      max: limit.max,
      timeWindow: limit.windowMs,
      ...(limit.staffExempt
        ? { allowList: (req: FastifyRequest) => req.user !== null && isStaff(req.user.role) }
        : {}),
      keyGenerator: (req: FastifyRequest) =>
        limit.per === 'user' && req.user ? `${name}:user:${req.user.id}` : `${name}:ip:${req.ip}`,
      errorResponseBuilder: (_req: FastifyRequest, context: { ttl: number }) =>
        refusal(name, context.ttl),
    };
  };
  const refusal = (name: LimitName, ttlMs: number) => {
    const wait = Math.max(1, Math.ceil(ttlMs / 1000));
    return tooManyRequests(table[name].refusal(waitText(wait)), wait);
  };

  /**
   * A hook that counts `names` (in order) and refuses with the first one over, after holding
   * the refusal for `holdMs` (at most until the window ends).
   */
  const counting = (names: LimitName[], holdMs = 0) => {
    let checks: ReturnType<FastifyInstance['createRateLimit']>[] | undefined;
    return async (req: FastifyRequest) => {
      checks ??= names.map((name) => app.createRateLimit(settingsOf(name)));
      for (const [i, check] of checks.entries()) {
        const counted = await check(req);
        if (counted.isAllowed || !counted.isExceeded) continue;
        if (holdMs > 0) await sleep(Math.min(holdMs, counted.ttl));
        throw refusal(names[i]!, counted.ttl);
      }
    };
  };
  const hooks = <H>(own: H | H[] | undefined, added: H): H[] => [
    ...(own === undefined ? [] : Array.isArray(own) ? own : [own]),
    added,
  ];

  // Turns a route's `config.limit` into the plugin's own `config.rateLimit`; it runs before the
  // plugin's own onRoute hook, which is added when the plugin registers below. The plugin
  // counts one limit per route, after the guards: further ones get hooks of their own. A
  // further limit per address is counted as the request arrives, before its body is read or its
  // token checked, and its refusal is held for a second: a client that keeps sending once
  // refused then gets one answer per connection a second, instead of taking the event loop (and
  // the cores the password hashing needs) with as many refusals as the server can write.
  app.addHook('onRoute', (route) => {
    const names = route.config?.limit;
    if (!names) return;
    const [first, ...more] = typeof names === 'string' ? [names] : names;
    if (!first) return;
    route.config = { ...route.config, rateLimit: settingsOf(first) };
    const early = more.filter((name) => table[name].per === 'address');
    const late = more.filter((name) => table[name].per !== 'address');
    if (early.length > 0) route.onRequest = hooks(route.onRequest, counting(early, HOLD_MS));
    if (late.length > 0) route.preHandler = hooks(route.preHandler, counting(late));
  });

  await app.register(fastifyRateLimit, {
    global: false,
    hook: 'preHandler',
    skipOnError: true,
    ...(redis ? { redis, nameSpace: `${store.keyPrefix}:limits:` } : {}),
  });
}
