import { API } from '@queuecast/contract';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { FIXED_LIMITS, limitTable, type LimitName } from '../src/core/rate-limits.js';
import { registerRateLimits } from '../src/plugins/rate-limits.js';
import { registerErrorHandler } from '../src/plugins/error-handler.js';
import type { App } from '../src/app.js';
import { bearer, createSong, quickUser, uniqueName } from './helpers/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { REDIS_URL, redisReachable, SERVICES_REQUIRED as strict } from './helpers/services.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * Every rate limit goes through one mechanism: a route names its limit, @fastify/rate-limit
 * counts it (in Redis when REDIS_URL is set), and the refusal is the same 429 everywhere.
 */

const redisUp = await redisReachable();

interface Refusal {
  error: string;
  retry_after: number;
}

/** A request each limited route takes; what it answers below the limit does not matter. */
type Send = (
  app: App,
  token: string,
) => Promise<{ statusCode: number; body: string; headers: Record<string, unknown> }>;

const perUserRoutes: [LimitName, Send][] = [
  [
    'chat',
    (app, token) =>
      app.inject({
        method: 'POST',
        url: API.oneliner.path(),
        headers: bearer(token),
        payload: { message: 'hello' },
      }),
  ],
  [
    'message',
    // To an account that does not exist: 404, counted all the same.
    (app, token) =>
      app.inject({
        method: 'POST',
        url: API.messages.path(),
        headers: bearer(token),
        payload: { to_uid: 2 ** 31 - 2, message: 'hi' },
      }),
  ],
  [
    'request',
    (app, token) =>
      app.inject({
        method: 'POST',
        url: API.song.path({ id: 2 ** 31 - 2 }),
        headers: bearer(token),
      }),
  ],
  [
    'preview',
    (app, token) =>
      app.inject({
        method: 'GET',
        url: API.songPreview.path({ id: 2 ** 31 - 2 }),
        headers: bearer(token),
      }),
  ],
  [
    'comment',
    (app, token) =>
      app.inject({
        method: 'POST',
        url: API.songComment.path({ id: 2 ** 31 - 2 }),
        headers: bearer(token),
        payload: { comment: 'nice' },
      }),
  ],
  [
    'addSong',
    // An artist that does not exist: 400 from the service, counted all the same.
    (app, token) =>
      app.inject({
        method: 'POST',
        url: API.addSong.path(),
        headers: bearer(token),
        payload: { artist_id: 2 ** 31 - 2, title: 'Song', platform: 'Nowhere' },
      }),
  ],
  [
    'upload',
    // No file: 400, counted all the same.
    (app, token) => {
      const form = multipartBody([{ name: 'songid', value: '1' }]);
      return app.inject({
        method: 'POST',
        url: API.upload.path(),
        headers: { ...bearer(token), ...form.headers },
        payload: form.payload,
      });
    },
  ],
];

function expectRefusal(
  res: { statusCode: number; body: string; headers: Record<string, unknown> },
  text: RegExp,
) {
  expect(res.statusCode, res.body).toBe(429);
  const body = JSON.parse(res.body) as Refusal;
  expect(body.error).toMatch(text);
  expect(body.retry_after).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after'])).toBe(body.retry_after);
}

describe('per-listener limits on every route that costs the station work', () => {
  it.each(perUserRoutes)(
    '%s: the limit, then 429 with the wait; another listener is not held',
    async (name, send) => {
      const app = await createTestApp();
      const [ann, bob] = [await quickUser(app), await quickUser(app)];
      const limit = FIXED_LIMITS[name as Exclude<LimitName, 'signup' | 'login'>];
      for (let i = 0; i < limit.max; i++) {
        expect((await send(app, ann.token)).statusCode).not.toBe(429);
      }
      const refused = await send(app, ann.token);
      expectRefusal(
        refused,
        new RegExp(limit.refusal('\\d+ (?:seconds?|minutes)').replace(/[.']/g, '.')),
      );
      expect(JSON.parse(refused.body).retry_after).toBeLessThanOrEqual(limit.windowMs / 1000);
      expect((await send(app, bob.token)).statusCode).not.toBe(429);
    },
  );

  it('staff uploads are not counted: a batch of files for missing songs goes through', async () => {
    const app = await createTestApp();
    const helper = await quickUser(app, 'helper');
    const upload = perUserRoutes.find(([name]) => name === 'upload')![1];
    for (let i = 0; i <= FIXED_LIMITS.upload.max; i++) {
      expect((await upload(app, helper.token)).statusCode).toBe(400);
    }
  });

  it('the same limit counts on a listener whatever the address they come from', async () => {
    const app = await createTestApp();
    const ann = await quickUser(app);
    const song = await createSong(app);
    const post = (ip: string) =>
      app.inject({
        method: 'POST',
        url: API.songComment.path({ id: song }),
        headers: bearer(ann.token),
        payload: { comment: 'nice' },
        remoteAddress: ip,
      });
    for (let i = 0; i < FIXED_LIMITS.comment.max; i++) {
      expect((await post(`192.0.2.${i + 1}`)).statusCode).toBe(200);
    }
    expect((await post('198.51.100.1')).statusCode).toBe(429);
  });
});

describe('per-address limits before login', () => {
  it('signup: SIGNUP_PER_HOUR accounts from one address, then 429; another address signs up', async () => {
    const app = await createTestApp({ env: { SIGNUP_PER_HOUR: '3' } });
    const signup = (ip: string) =>
      app.inject({
        method: 'POST',
        url: API.signup.path(),
        payload: { username: uniqueName(), password: 'password1' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await signup('192.0.2.10')).statusCode).toBe(200);
    expectRefusal(
      await signup('192.0.2.10'),
      /^Too many new accounts from your address\. Try again in \d+ (seconds|minutes?)\.$/,
    );
    expect((await signup('192.0.2.11')).statusCode).toBe(200);
  });

  it('login: LOGIN_PER_MINUTE attempts from one address, whatever the accounts', async () => {
    const app = await createTestApp({ env: { LOGIN_PER_MINUTE: '4' } });
    const login = (username: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: API.login.path(),
        payload: { username, password: 'wrong-password' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 4; i++)
      expect((await login(uniqueName(), '192.0.2.20')).statusCode).toBe(401);
    expectRefusal(
      await login(uniqueName(), '192.0.2.20'),
      /^Too many login attempts\. Try again in \d+ (?:seconds?|minutes)\.$/,
    );
    expect((await login(uniqueName(), '192.0.2.21')).statusCode).toBe(401);
  });
});

/** A bare app whose route `/two` counts against the login limit, then the signup one. */
async function limitedTwice(settings: Parameters<typeof limitTable>[0]) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await registerRateLimits(app, limitTable(settings), {
    redisUrl: undefined,
    keyPrefix: 'queuecast:test',
  });
  app.post('/two', { config: { limit: ['login', 'signup'] } }, async () => ({ ok: 1 }));
  await app.ready();
  return app;
}

describe('a route counted against several limits', () => {
  it('counts each one; whichever is over refuses, with its own words', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    await registerRateLimits(app, limitTable({ signupsPerHour: 4, loginsPerAddressPerMinute: 2 }), {
      redisUrl: undefined,
      keyPrefix: 'queuecast:test',
    });
    app.post('/signup-first', { config: { limit: ['signup', 'login'] } }, async () => ({ ok: 1 }));
    app.post('/login-first', { config: { limit: ['login', 'signup'] } }, async () => ({ ok: 1 }));
    await app.ready();
    try {
      const from = (url: string, ip: string) =>
        app.inject({ method: 'POST', url, remoteAddress: ip });
      // The login limit (2 a minute) is the lower one, whichever is named first.
      for (const url of ['/signup-first', '/login-first']) {
        const ip = url === '/signup-first' ? '192.0.2.60' : '192.0.2.61';
        expect((await from(url, ip)).statusCode).toBe(200);
        expect((await from(url, ip)).statusCode).toBe(200);
        expectRefusal(await from(url, ip), /^Too many login attempts\. Try again in/);
      }
      // The second limit named counts too, and refuses in its own words; being one per
      // address, it is counted before anything else.
      const app2 = await limitedTwice({ signupsPerHour: 2, loginsPerAddressPerMinute: 100 });
      try {
        const post = () =>
          app2.inject({ method: 'POST', url: '/two', remoteAddress: '192.0.2.62' });
        expect((await post()).statusCode).toBe(200);
        expect((await post()).statusCode).toBe(200);
        // Counted as the request arrives (a body that is not JSON is not even read), and the
        // refusal held for a second.
        const started = Date.now();
        const held = await app2.inject({
          method: 'POST',
          url: '/two',
          remoteAddress: '192.0.2.62',
          headers: { 'content-type': 'application/json' },
          payload: '{not json',
        });
        expect(Date.now() - started).toBeGreaterThanOrEqual(900);
        expectRefusal(held, /^Too many new accounts from your address/);
      } finally {
        await app2.close();
      }
    } finally {
      await app.close();
    }
  });
});

/** A bare app with one limited route, as one node of a station sees it. */
async function node(options: { redisUrl: string | undefined; keyPrefix: string; perHour: number }) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  await registerRateLimits(
    app,
    limitTable({ signupsPerHour: options.perHour, loginsPerAddressPerMinute: 100 }),
    { redisUrl: options.redisUrl, keyPrefix: options.keyPrefix },
  );
  app.post('/signup', { config: { limit: 'signup' } }, async () => ({ ok: true }));
  await app.ready();
  return app;
}

describe.skipIf(!redisUp && !strict)('limits shared by every node through Redis', () => {
  it.runIf(strict)('has Redis to run against (required in CI)', () => {
    expect(redisUp, `Redis is not reachable at ${REDIS_URL}`).toBe(true);
  });

  it('what one node counted holds on the other', async () => {
    const keyPrefix = `queuecast:test:${uniqueName('limits')}`;
    const [a, b] = [
      await node({ redisUrl: REDIS_URL, keyPrefix, perHour: 3 }),
      await node({ redisUrl: REDIS_URL, keyPrefix, perHour: 3 }),
    ];
    try {
      const from = (app: typeof a, ip: string) =>
        app.inject({ method: 'POST', url: '/signup', remoteAddress: ip });
      expect((await from(a, '192.0.2.30')).statusCode).toBe(200);
      expect((await from(b, '192.0.2.30')).statusCode).toBe(200);
      expect((await from(a, '192.0.2.30')).statusCode).toBe(200);
      const refused = await from(b, '192.0.2.30');
      expectRefusal(refused, /^Too many new accounts from your address/);
      expect(JSON.parse(refused.body).retry_after).toBeGreaterThan(3500);
      expect((await from(b, '192.0.2.31')).statusCode).toBe(200);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('the whole app counts in Redis when REDIS_URL is set', async () => {
    const app = await createTestApp({ env: { REDIS_URL, LOGIN_PER_MINUTE: '2' } });
    // An address of its own: the counter is looked for in Redis by it.
    const ip = `2001:db8::${uniqueName('').slice(1)}`;
    const login = () =>
      app.inject({
        method: 'POST',
        url: API.login.path(),
        payload: { username: uniqueName(), password: 'wrong-password' },
        remoteAddress: ip,
      });
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(429);
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`queuecast:*:limits:*login:ip:${ip}`);
      expect(keys).toHaveLength(1);
      expect(Number(await redis.get(keys[0]!))).toBe(3);
    } finally {
      redis.disconnect();
    }
  });

  it('a node whose Redis is gone lets requests through rather than failing them', async () => {
    const app = await node({
      redisUrl: 'redis://127.0.0.1:1',
      keyPrefix: 'queuecast:gone',
      perHour: 1,
    });
    try {
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/signup',
          remoteAddress: '192.0.2.50',
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
