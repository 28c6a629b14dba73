import {
  LIMITS,
  LiveServerMessageSchema,
  type OnelinerList,
  type OnelinerMessage,
} from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { FIXED_LIMITS } from '../src/core/rate-limits.js';
import { bearer, quickUser } from './helpers/factories.js';
import { connect, listening, type Client } from './helpers/live-clients.js';

const ONELINER_BURST = FIXED_LIMITS.chat.max;

let app: App;
let url: string;

beforeAll(async () => {
  ({ app, url } = await listening({}));
});

const post = (token: string | undefined, payload: unknown) =>
  app.inject({
    method: 'POST',
    url: '/api/oneliner',
    headers: token ? bearer(token) : {},
    payload: payload as Record<string, unknown>,
  });

const list = async (query = '') => {
  const res = await app.inject({ url: `/api/oneliner${query}` });
  expect(res.statusCode).toBe(200);
  return res.json<OnelinerList>().messages;
};

/** The next message of `type` on the socket, others skipped. */
async function nextOf(client: Client, type: string) {
  for (;;) {
    const message = LiveServerMessageSchema.parse(JSON.parse(await client.next(3000)));
    if (message.type === type) return message;
  }
}

describe('POST /api/oneliner', () => {
  it('stores the message and pushes it to every open page at once', async () => {
    const user = await quickUser(app);
    const [one, two] = [await connect(url), await connect(url)];
    await Promise.all([one.next(), two.next()]); // the greeting update
    const res = await post(user.token, { message: '  hello, station  ' });
    expect(res.statusCode).toBe(200);
    const stored = res.json<OnelinerMessage>();
    expect(stored).toMatchObject({ message: 'hello, station' });
    expect(stored.author).toMatch(/^quick_/);
    for (const client of [one, two]) {
      expect(await nextOf(client, 'chat_message')).toEqual({
        type: 'chat_message',
        message: stored,
      });
    }
    // A page opened afterwards finds it in the playback update.
    const late = await connect(url);
    const greeting = LiveServerMessageSchema.parse(JSON.parse(await late.next()));
    expect(greeting.type === 'playback_update' && greeting.oneliner[0]).toEqual(stored);
    [one, two, late].forEach((c) => c.ws.close());
  });

  it('refuses anonymous callers, blank and too long messages', async () => {
    const user = await quickUser(app);
    expect((await post(undefined, { message: 'hi' })).statusCode).toBe(401);
    for (const message of ['', '   ', '\n\t ']) {
      const res = await post(user.token, { message });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('Message must not be empty.');
    }
    const long = await post(user.token, { message: 'x'.repeat(LIMITS.chatMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ error: string }>().error).toBe('Message must be at most 1024 characters.');
    expect((await post(user.token, { message: 'x'.repeat(LIMITS.chatMax) })).statusCode).toBe(200);
    expect((await post(user.token, { message: 42 })).statusCode).toBe(400);
    expect((await post(user.token, {})).statusCode).toBe(400);
  });

  it('limits each listener, with retry_after, and not the others', async () => {
    const [fast, other] = [await quickUser(app), await quickUser(app)];
    for (let i = 0; i < ONELINER_BURST; i++) {
      expect((await post(fast.token, { message: `m${i}` })).statusCode).toBe(200);
    }
    const refused = await post(fast.token, { message: 'one more' });
    expect(refused.statusCode).toBe(429);
    const body = refused.json<{ error: string; retry_after: number }>();
    expect(body.retry_after).toBeGreaterThan(0);
    expect(body.error).toMatch(/^You're chatting too fast\. Wait \d+ seconds?\.$/);
    expect(refused.headers['retry-after']).toBe(String(body.retry_after));
    expect((await post(other.token, { message: 'still fine' })).statusCode).toBe(200);
  });
});

describe('GET /api/oneliner', () => {
  it('answers newest first, pages older than from_id, anonymously', async () => {
    const users = [await quickUser(app), await quickUser(app), await quickUser(app)];
    const posted: number[] = [];
    for (let i = 0; i < 9; i++) {
      const res = await post(users[i % 3]!.token, { message: `page test ${i}` });
      posted.push(res.json<OnelinerMessage>().id);
    }
    const first = await list('?limit=4');
    expect(first.map((m) => m.id)).toEqual(posted.slice(-4).reverse());
    const second = await list(`?limit=4&from_id=${first.at(-1)!.id}`);
    expect(second.map((m) => m.id)).toEqual(posted.slice(-8, -4).reverse());
    const all = await list();
    expect(all.length).toBeLessThanOrEqual(LIMITS.onelinerPageSize);
    const ids = all.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const older = await list(`?from_id=${posted[0]}&limit=100`);
    expect(older.every((m) => m.id < posted[0]!)).toBe(true);
    // Past the oldest message: an empty page, which tells the client it has everything.
    expect(await list('?from_id=1')).toEqual([]);
  });

  it.each([
    '?limit=0',
    '?limit=101',
    '?limit=x',
    '?from_id=0',
    '?from_id=-3',
    '?from_id=99999999999',
  ])('%s answers 400', async (query) => {
    const res = await app.inject({ url: `/api/oneliner${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/limit|from_id/);
  });
});
