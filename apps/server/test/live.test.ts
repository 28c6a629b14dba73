import fs from 'node:fs';
import type { LiveServerMessage, PlaybackUpdate } from '@queuecast/contract';
import { LiveServerMessageSchema, PlaybackUpdateSchema } from '@queuecast/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { TokenService } from '../src/auth/tokens.js';
import { ProcessFanout } from '../src/live/fanout-processes.js';
import { bearer, createSong, createUser, quickUser } from './helpers/factories.js';
import {
  closeAll,
  connect,
  holderOf,
  listening,
  refusedStatus,
  sleep,
  until,
  type Client,
} from './helpers/live-clients.js';
import { createTestApp, TEST_SECRET } from './helpers/test-app.js';

const parse = (frame: string): PlaybackUpdate => PlaybackUpdateSchema.parse(JSON.parse(frame));
const message = (frame: string): LiveServerMessage =>
  LiveServerMessageSchema.parse(JSON.parse(frame));
/** What a client received besides playback updates. */
const others = (c: Client) => c.frames.map(message).filter((m) => m.type !== 'playback_update');

/** The next frame that is not a playback update. */
async function nextOther(c: Client): Promise<LiveServerMessage> {
  for (;;) {
    const m = message(await c.next());
    if (m.type !== 'playback_update') return m;
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

const secret = new TextEncoder().encode(TEST_SECRET);
const MAX_PER_IP = 8;

describe.each([
  ['in this process', 0],
  ['in 2 fan-out processes', 2],
])('live connection /ws, sockets %s', (_, processes) => {
  let app: App;
  let url: string;
  let port: number;
  const clients: Client[] = [];
  const open = async () => {
    const client = await connect(url);
    clients.push(client);
    await client.next(); // the greeting
    return client;
  };
  beforeAll(async () => {
    ({ app, url, port } = await listening({
      LIVE_FANOUT_PROCESSES: String(processes),
      LIVE_FANOUT_FROM: '0',
      LIVE_MAX_SOCKETS_PER_IP: String(MAX_PER_IP),
    }));
  });
  afterEach(() => closeAll(app, clients));

  it('sends a playback_update on connect; pushes the listener count; refreshes are coalesced', async () => {
    const client = await connect(url);
    clients.push(client);
    const first = parse(await client.next());
    expect(first).toMatchObject({ queue: [], history: [], oneliner: [], listeners: 0 });
    client.ws.send(JSON.stringify({ type: 'refresh' })); // the same update, just sent: nothing
    // The refresh travels over the socket while the bus is in-process: let the server read it
    // first, or it would find the count changed and answer with the whole update.
    await sleep(150);
    app.ctx.bus.publish({ type: 'listeners.changed', listeners: 7 });
    expect(message(await client.next())).toEqual({ type: 'listeners', listeners: 7 });
    // the update held since carries the count: a refresh gets it, and so does a new socket
    await sleep(100);
    client.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(parse(await client.next()).listeners).toBe(7);
    client.ws.send(JSON.stringify({ type: 'refresh' })); // unchanged and just sent: nothing
    const late = await connect(url);
    clients.push(late);
    expect(parse(await late.next()).listeners).toBe(7);
    await sleep(300);
    expect(client.frames).toHaveLength(3);
  });

  it('ignores bad frames and keeps the socket open', async () => {
    const client = await open();
    client.ws.send('not json');
    client.ws.send(JSON.stringify({ type: 'unknown' }));
    client.ws.send(JSON.stringify({ type: 'auth', token: 42 }));
    client.ws.send(Buffer.from([0, 1, 2]));
    client.ws.send(JSON.stringify({ type: 'refresh', pad: 'x'.repeat(2000) }));
    app.ctx.bus.publish({ type: 'queue.changed' });
    expect(parse(await client.next()).type).toBe('playback_update');
    expect(client.frames).toHaveLength(2);
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket that sends a frame over 4 KiB, and only that one', async () => {
    const [rude, other] = [await open(), await open()];
    rude.ws.send('x'.repeat(5000));
    expect(await rude.closed).toBe(1009);
    app.ctx.bus.publish({ type: 'queue.changed' });
    expect(parse(await other.next()).type).toBe('playback_update');
  });

  it('closes a socket that floods messages with 1008, and only that one', async () => {
    const [flooder, other] = [await open(), await open()];
    for (let i = 0; i < 500; i++) flooder.ws.send(JSON.stringify({ type: 'refresh' }));
    expect(await flooder.closed).toBe(1008);
    app.ctx.bus.publish({ type: 'queue.changed' });
    expect(parse(await other.next()).type).toBe('playback_update');
    expect(other.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('pushes the same bytes to every socket when a user becomes active', async () => {
    const sockets = [await open(), await open(), await open(), await open()];
    await until(() => app.ctx.live.hub.size >= 4, 'the hub to count 4 sockets');
    const user = await createUser(app);
    await app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(user.token) });
    const frames = await Promise.all(sockets.map((c) => c.next()));
    expect(new Set(frames).size).toBe(1);
    expect(parse(frames[0]!).active_users).toContainEqual({ username: user.user.username });
  });

  it('delivers a user’s messages to every socket of theirs and no other', async () => {
    const [ann, bob] = [await quickUser(app), await quickUser(app, 'helper')];
    const songId = await createSong(app, { title: 'On Air', artists: ['The Band'] });
    // One after the other, so that with two fan-out processes each takes one of ann's.
    const [ann1, ann2, bob1, anon, forged, expired] = [
      await open(),
      await open(),
      await open(),
      await open(),
      await open(),
      await open(),
    ];
    if (processes > 0) {
      const pids = (app.ctx.live.fanout as ProcessFanout).pids;
      const holder = (c: Client) =>
        holderOf(
          pids,
          port,
          (c.ws as unknown as { _socket: { localPort: number } })._socket.localPort,
        );
      expect(holder(ann1)).not.toBeNull();
      expect(holder(ann2)).not.toBeNull();
      expect(holder(ann1)).not.toBe(holder(ann2));
    }
    const auth = (c: Client, token: string | null) =>
      c.ws.send(JSON.stringify({ type: 'auth', token }));
    auth(ann1, ann.token);
    auth(ann2, ann.token);
    auth(bob1, bob.token);
    auth(
      forged,
      await new TokenService(new TextEncoder().encode('x'.repeat(40)), 3600).sign({
        id: ann.id,
        username: 'ann',
        role: 'admin',
        tokenVersion: 0,
      }),
    );
    auth(
      expired,
      await new TokenService(secret, -60).sign({
        id: ann.id,
        username: 'ann',
        role: 'user',
        tokenVersion: 0,
      }),
    );
    for (const c of [ann1, ann2]) {
      expect(await nextOther(c)).toEqual({
        type: 'session',
        user: { id: ann.id, username: expect.any(String), role: 'user' },
      });
    }
    expect(await nextOther(bob1)).toMatchObject({
      type: 'session',
      user: { id: bob.id, role: 'helper' },
    });
    for (const c of [forged, expired]) {
      expect(await nextOther(c)).toEqual({
        type: 'session',
        user: null,
        error: expect.any(String),
      });
    }

    /** Sends a marker to everyone and waits until everyone has it: nothing is left on the way. */
    let markers = 0;
    const settle = async () => {
      const id = ++markers;
      app.ctx.live.hub.send('all', { type: 'chat_deleted', id });
      const all = [ann1, ann2, bob1, anon, forged, expired];
      await until(
        () => all.every((c) => others(c).some((m) => m.type === 'chat_deleted' && m.id === id)),
        'the marker',
      );
    };
    const onAir = (c: Client) => others(c).filter((m) => m.type === 'request_on_air');

    app.ctx.bus.publish({
      type: 'track.started',
      song_id: songId,
      queue_id: null,
      requested_by: ann.id,
      started_at: 1_700_000_000,
      exact_start: 1_700_000_000.25,
    });
    for (const c of [ann1, ann2]) {
      expect(await nextOther(c)).toEqual({
        type: 'request_on_air',
        song: { id: songId, title: 'On Air', artist: 'The Band' },
      });
    }
    app.ctx.live.hub.send('staff', { type: 'chat_deleted', id: 0 });
    await settle();
    for (const c of [bob1, anon, forged, expired]) expect(onAir(c)).toEqual([]);
    const staffOnly = (c: Client) => others(c).some((m) => m.type === 'chat_deleted' && m.id === 0);
    expect([ann1, ann2, bob1, anon].map(staffOnly)).toEqual([false, false, true, false]);

    // ann logs out on her second socket: it leaves her room
    auth(ann2, null);
    expect(others(ann2).length).toBeGreaterThan(0);
    await until(() => others(ann2).at(-1)?.type === 'session', 'the logout answer');
    expect(others(ann2).at(-1)).toEqual({ type: 'session', user: null });
    app.ctx.bus.publish({
      type: 'track.started',
      song_id: songId,
      queue_id: null,
      requested_by: ann.id,
      started_at: 1_700_000_000,
      exact_start: 1_700_000_000.25,
    });
    await until(() => onAir(ann1).length === 2, 'the second request_on_air');
    await settle();
    expect(onAir(ann2)).toHaveLength(1);
    expect(onAir(bob1)).toHaveLength(0);
    // an auto-DJ pick tells nobody
    app.ctx.bus.publish({
      type: 'track.started',
      song_id: songId,
      queue_id: null,
      requested_by: null,
      started_at: 1_700_000_000,
      exact_start: 1_700_000_000.25,
    });
    await settle();
    expect(onAir(ann1)).toHaveLength(2);
  });

  it('leaves the user’s room when the token expires', async () => {
    const user = await quickUser(app);
    const row = await app.ctx.repos.users.findById(user.id);
    const short = await new TokenService(secret, 2).sign({
      id: user.id,
      username: row!.username,
      role: 'user',
      tokenVersion: row!.token_version,
    });
    const client = await open();
    client.ws.send(JSON.stringify({ type: 'auth', token: short }));
    expect(await nextOther(client)).toMatchObject({ type: 'session', user: { id: user.id } });
    const songId = await createSong(app);
    app.ctx.bus.publish({
      type: 'track.started',
      song_id: songId,
      queue_id: null,
      requested_by: user.id,
      started_at: 1_700_000_000,
      exact_start: 1_700_000_000.25,
    });
    expect(await nextOther(client)).toMatchObject({ type: 'request_on_air' });
    // within 2 s the token expires and the server says so by itself
    expect(await nextOther(client)).toEqual({
      type: 'session',
      user: null,
      error: expect.any(String),
    });
    app.ctx.bus.publish({
      type: 'track.started',
      song_id: songId,
      queue_id: null,
      requested_by: user.id,
      started_at: 1_700_000_000,
      exact_start: 1_700_000_000.25,
    });
    app.ctx.live.hub.send('all', { type: 'chat_deleted', id: 1 });
    expect(await nextOther(client)).toEqual({ type: 'chat_deleted', id: 1 });
    await sleep(200);
    expect(others(client).filter((m) => m.type === 'request_on_air')).toHaveLength(1);
    // and the same token is now refused
    client.ws.send(JSON.stringify({ type: 'auth', token: short }));
    expect(await nextOther(client)).toEqual({
      type: 'session',
      user: null,
      error: expect.any(String),
    });
  });

  it(`answers 429 to more than ${MAX_PER_IP} sockets from one address, counting closed ones out`, async () => {
    const sockets = await Promise.all(Array.from({ length: MAX_PER_IP }, () => open()));
    expect(await refusedStatus(url)).toBe(429);
    sockets[0]!.ws.close();
    await sockets[0]!.closed;
    await until(() => app.ctx.live.hub.size === MAX_PER_IP - 1, 'the close to be counted');
    await open();
    expect(await refusedStatus(url)).toBe(429);
  });

  it('answers 404 to an upgrade anywhere but /ws', async () => {
    expect(await refusedStatus(url.replace('/ws', '/api/ws'))).toBe(404);
  });
});

describe('fan-out processes', () => {
  let app: App;
  let url: string;
  let fanout: ProcessFanout;
  beforeAll(async () => {
    ({ app, url } = await listening({ LIVE_FANOUT_PROCESSES: '2', LIVE_FANOUT_FROM: '0' }));
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
    // the dead worker's sockets were counted out (the cap per address sees them gone)
    await until(() => app.ctx.live.hub.size === 2, 'the dead worker’s sockets counted out');
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
