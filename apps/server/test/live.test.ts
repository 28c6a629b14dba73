import type { PlaybackUpdate } from '@queuecast/contract';
import { PlaybackUpdateSchema } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { bearer, createUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
let url: string;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  url = `ws://127.0.0.1:${address.port}/ws`;
});

/** A real socket that records every raw frame it receives. */
async function connect(): Promise<{ ws: WebSocket; frames: string[]; next(): Promise<string> }> {
  const ws = new WebSocket(url);
  const frames: string[] = [];
  const waiters: ((s: string) => void)[] = [];
  let read = 0;
  ws.on('message', (data: Buffer) => {
    frames.push(data.toString('utf8'));
    waiters.splice(0).forEach((w) => w(data.toString('utf8')));
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    frames,
    next: () =>
      new Promise((resolve, reject) => {
        if (frames.length > read) return resolve(frames[read++]!);
        const timer = setTimeout(() => reject(new Error('no live message within 3 s')), 3000);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(frames[read++]!);
        });
      }),
  };
}

const parse = (frame: string): PlaybackUpdate => PlaybackUpdateSchema.parse(JSON.parse(frame));

describe('live connection /ws', () => {
  it('sends a playback_update on connect and answers refresh', async () => {
    const client = await connect();
    const first = parse(await client.next());
    expect(first.type).toBe('playback_update');
    expect(first).toMatchObject({ queue: [], history: [], oneliner: [] });
    client.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(parse(await client.next()).type).toBe('playback_update');
    client.ws.close();
  });

  it('ignores bad frames and keeps the socket open', async () => {
    const client = await connect();
    await client.next();
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'unknown' }));
    client.ws.send(Buffer.from([0, 1, 2]));
    client.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(parse(await client.next()).type).toBe('playback_update');
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it('pushes the same bytes to every socket when a user becomes active', async () => {
    const [a, b] = await Promise.all([connect(), connect()]);
    await a.next();
    await b.next();
    const user = await createUser(app);
    await app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
    const [fa, fb] = await Promise.all([a.next(), b.next()]);
    expect(fa).toBe(fb);
    expect(parse(fa).active_users).toContainEqual({ username: user.user.username });
    a.ws.close();
    b.ws.close();
  });
});

describe('unread count', () => {
  it('is 0 for a new user and needs a login', async () => {
    const user = await createUser(app);
    const res = await app.inject({
      method: 'GET',
      url: '/api/messages/unread/count',
      headers: bearer(user.token),
    });
    expect(res.json()).toEqual({ unreadCount: 0 });
    const anon = await app.inject({ method: 'GET', url: '/api/messages/unread/count' });
    expect(anon.statusCode).toBe(401);
  });
});
