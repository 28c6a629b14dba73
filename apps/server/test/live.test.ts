import fs from 'node:fs';
import type { PlaybackUpdate } from '@queuecast/contract';
import { PlaybackUpdateSchema } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { ProcessFanout } from '../src/live/fanout-processes.js';
import { bearer, createUser } from './helpers/factories.js';
import { createTestApp } from './helpers/test-app.js';

async function listening(processes: number): Promise<{ app: App; url: string }> {
  const app = await createTestApp({ env: { LIVE_FANOUT_PROCESSES: String(processes) } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, url: `ws://127.0.0.1:${address.port}/ws` };
}

interface Client {
  ws: WebSocket;
  frames: string[];
  next(): Promise<string>;
  closed: Promise<number>;
}

/** A real socket that records every raw frame it receives. */
async function connect(url: string): Promise<Client> {
  const ws = new WebSocket(url);
  const frames: string[] = [];
  const waiters: ((s: string) => void)[] = [];
  let read = 0;
  ws.on('message', (data: Buffer) => {
    frames.push(data.toString('utf8'));
    waiters.splice(0).forEach((w) => w(data.toString('utf8')));
  });
  const closed = new Promise<number>((resolve) => ws.once('close', resolve));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    frames,
    closed,
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

async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** TCP and Unix sockets a process holds open, from /proc. */
const socketCount = (pid: number) =>
  fs.readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:');
    } catch {
      return false;
    }
  }).length;

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe.each([
  ['in this process', 0],
  ['in 2 fan-out processes', 2],
])('live connection /ws, sockets %s', (_, processes) => {
  let app: App;
  let url: string;
  beforeAll(async () => {
    ({ app, url } = await listening(processes));
  });

  it('sends a playback_update on connect and answers refresh', async () => {
    const client = await connect(url);
    const first = parse(await client.next());
    expect(first.type).toBe('playback_update');
    expect(first).toMatchObject({ queue: [], history: [], oneliner: [] });
    client.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(parse(await client.next()).type).toBe('playback_update');
    client.ws.close();
  });

  it('ignores bad frames and keeps the socket open', async () => {
    const client = await connect(url);
    await client.next();
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'unknown' }));
    client.ws.send(Buffer.from([0, 1, 2]));
    client.ws.send('x'.repeat(2000));
    client.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(parse(await client.next()).type).toBe('playback_update');
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
    client.ws.close();
  });

  it('closes a socket that sends a frame over 4 KiB, and only that one', async () => {
    const [rude, other] = await Promise.all([connect(url), connect(url)]);
    await Promise.all([rude.next(), other.next()]);
    rude.ws.send('x'.repeat(5000));
    expect(await rude.closed).toBe(1009);
    other.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(parse(await other.next()).type).toBe('playback_update');
    other.ws.close();
  });

  it('pushes the same bytes to every socket when a user becomes active', async () => {
    const clients = await Promise.all([connect(url), connect(url), connect(url), connect(url)]);
    await Promise.all(clients.map((c) => c.next()));
    await until(() => app.ctx.live.hub.size >= 4, 'the hub to count 4 sockets');
    const user = await createUser(app);
    await app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
    const frames = await Promise.all(clients.map((c) => c.next()));
    expect(new Set(frames).size).toBe(1);
    expect(parse(frames[0]!).active_users).toContainEqual({ username: user.user.username });
    clients.forEach((c) => c.ws.close());
  });

  it('answers 404 to an upgrade anywhere but /ws', async () => {
    const ws = new WebSocket(url.replace('/ws', '/api/ws'));
    const status = await new Promise<number>((resolve) =>
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(404);
  });
});

describe('fan-out processes', () => {
  let app: App;
  let url: string;
  let fanout: ProcessFanout;
  beforeAll(async () => {
    ({ app, url } = await listening(2));
    fanout = app.ctx.live.fanout as ProcessFanout;
  });

  it('hold the sockets, spread evenly, not the server process', async () => {
    const first = await connect(url); // starts the workers
    await first.next();
    await until(() => fanout.pids.length === 2 && app.ctx.live.hub.size === 1, 'two workers');
    const before = fanout.pids.map(socketCount);
    const serverBefore = socketCount(process.pid);
    const clients = await Promise.all(Array.from({ length: 6 }, () => connect(url)));
    await Promise.all(clients.map((c) => c.next()));
    await until(() => app.ctx.live.hub.size === 7, 'the hub to count 7 sockets');
    const added = fanout.pids.map((pid, i) => socketCount(pid) - before[i]!);
    expect(added.reduce((a, b) => a + b)).toBe(6);
    expect(Math.min(...added)).toBeGreaterThanOrEqual(2);
    // the test's own 6 client ends are in this process; the server's ends are not
    expect(socketCount(process.pid) - serverBefore).toBe(6);
    [first, ...clients].forEach((c) => c.ws.close());
    await until(() => app.ctx.live.hub.size === 0, 'closed sockets to be counted');
  });

  it('restart a worker that dies; its clients reconnect and are told again', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, () => connect(url)));
    await Promise.all(clients.map((c) => c.next()));
    await until(() => app.ctx.live.hub.size === 4, 'four sockets');
    const [victim, survivor] = fanout.pids as [number, number];
    process.kill(victim, 'SIGKILL');
    const closedCount = async () =>
      (
        await Promise.all(clients.map((c) => Promise.race([c.closed, Promise.resolve(null)])))
      ).filter((code) => code !== null).length;
    await until(() => !alive(victim), 'the worker to die');
    await new Promise((r) => setTimeout(r, 200));
    expect(await closedCount()).toBe(2); // the victim's two, not the survivor's
    await until(
      () => fanout.pids.length === 2 && !fanout.pids.includes(victim),
      'the worker to be restarted',
    );
    expect(fanout.pids).toContain(survivor);
    const again = await Promise.all([connect(url), connect(url)]);
    await Promise.all(again.map((c) => c.next()));
    const open = [...clients.filter((c) => c.ws.readyState === WebSocket.OPEN), ...again];
    expect(open).toHaveLength(4);
    const user = await createUser(app);
    await app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
    for (const frame of await Promise.all(open.map((c) => c.next()))) {
      expect(parse(frame).active_users).toContainEqual({ username: user.user.username });
    }
    open.forEach((c) => c.ws.close());
  });

  it('close every socket with 1001 and exit when the server closes', async () => {
    const clients = await Promise.all([connect(url), connect(url), connect(url)]);
    await Promise.all(clients.map((c) => c.next()));
    const pids = fanout.pids;
    expect(pids).toHaveLength(2);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await Promise.all(clients.map((c) => c.closed))).toEqual([1001, 1001, 1001]);
    await until(() => pids.every((pid) => !alive(pid)), 'the workers to exit');
  });
});

describe('unread count', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp();
  });

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
