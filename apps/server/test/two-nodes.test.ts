import http from 'node:http';
import { API, type PlaybackUpdate, type SignupResponse } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createSong, makePlayable, quickUser, uniqueName } from './helpers/factories.js';
import { startServer, stopServer, type ServerProcess as Node } from './helpers/server-process.js';
import { queueTones } from './helpers/queued-tones.js';
import { withAppOn } from './helpers/seed-app.js';
import {
  PG_URL,
  postgresReachable,
  REDIS_URL,
  redisReachable,
  SERVICES_REQUIRED as strict,
} from './helpers/services.js';
import { playbackUpdateOf } from './helpers/live-frames.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-db.js';

/*
 * Two real server processes (main.ts through tsx) on one PostgreSQL database and one Redis, as
 * a station runs on two nodes: A plays the station, B serves the API and sockets only. What a
 * request changes on one node, and what A's station puts on air, reach the sockets of the other. It runs in the
 * PostgreSQL pass of the suite (TEST_DB=postgres); without PostgreSQL or Redis it is skipped,
 * except in CI, where it fails.
 */

const JWT_SECRET = 'two-nodes-test-secret-long-enough-for-hs256-0123456789';
/** How long after A's answer the update may take to reach a socket on B. */
const DELIVERY_MS = 1000;

const onPostgres = TEST_ENGINE === 'postgres';
const missing = onPostgres
  ? [
      ...((await postgresReachable()) ? [] : [`PostgreSQL at ${PG_URL} (TEST_PG_URL)`]),
      ...((await redisReachable()) ? [] : [`Redis at ${REDIS_URL} (TEST_REDIS_URL)`]),
    ]
  : [];
const skip = !onPostgres || (missing.length > 0 && !strict);
if (!onPostgres) {
  console.warn('two-nodes.test.ts runs with TEST_DB=postgres (the PostgreSQL pass): skipped');
} else if (skip) {
  console.warn(`two-nodes.test.ts skipped: not reachable: ${missing.join(', ')}`);
}

const nodes: Node[] = [];
const sockets: WebSocket[] = [];
let testDb: TestDatabase | undefined;

async function startNode(name: string, env: Record<string, string>): Promise<Node> {
  const node = await startServer({
    db: testDb!,
    name,
    timeoutMs: 30_000,
    env: {
      REDIS_URL,
      JWT_SECRET,
      LOG_LEVEL: 'info',
      STATION: '0',
      REQUEST_COOLDOWN_S: '0',
      // The webhook test's receiver listens on loopback.
      WEBHOOK_ALLOW_PRIVATE: '1',
      ...env,
    },
  });
  nodes.push(node);
  return node;
}

/**
 * The catalogue, written through an app on the shared database: `count` songs a request can
 * queue, and one real minute-long tone queued before the station starts, so that A's station
 * plays it first and the requests wait behind it for the whole test.
 */
async function seedSongs(count: number): Promise<{ requestable: number[]; onAir: number }> {
  return withAppOn(testDb!, { JWT_SECRET }, async (app) => {
    // Queued before the requests: A's station plays it first.
    const [onAir] = await queueTones(app, [{ title: 'Long Tone', artist: 'Node A', seconds: 60 }]);
    const tone = await app.ctx.db
      .selectFrom('files')
      .select('stored_path')
      .where('song_id', '=', onAir!)
      .executeTakeFirstOrThrow();
    // The requestable songs play the tone's file too: the station prepares its next track
    // while the tone plays, and a file that did not decode would mark that song unplayable.
    const requestable: number[] = [];
    for (let i = 0; i < count; i++) {
      const id = await createSong(app);
      await makePlayable(app, id, tone.stored_path);
      requestable.push(id);
    }
    return { requestable, onAir: onAir! };
  });
}

async function signUpUser(node: Node): Promise<SignupResponse> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: uniqueName('node'), password: 'password1' }),
  });
  if (res.status !== 200) throw new Error(`signup on ${node.name}: ${res.status}`);
  return (await res.json()) as SignupResponse;
}

/** A /ws socket signed in as `token`, recording every message's type and body. */
async function signedInSocket(node: Node, token: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws`);
  sockets.push(ws);
  const messages: { type: string; [key: string]: unknown }[] = [];
  ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8'))));
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  ws.send(JSON.stringify({ type: 'auth', token }));
  const until = async (match: (m: (typeof messages)[number]) => boolean, ms = 5000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = messages.find(match);
      if (hit) return hit;
      if (Date.now() > deadline) throw new Error(`no matching message from ${node.name}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  await until((m) => m.type === 'session' && m.user !== null);
  return { socket: ws, messages, until };
}

async function signUp(node: Node): Promise<string> {
  return (await signUpUser(node)).token;
}

/** A /ws socket that records each playback_update with the time it arrived. */
async function watch(node: Node) {
  const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws`);
  sockets.push(ws);
  const updates: { at: number; update: PlaybackUpdate }[] = [];
  ws.on('message', (data: Buffer) => {
    const update = playbackUpdateOf(data);
    if (update) updates.push({ at: Date.now(), update });
  });
  ws.on('error', () => undefined);
  // The update sent on connect: from here on, any change is a broadcast.
  const deadline = Date.now() + 10_000;
  while (updates.length === 0) {
    if (Date.now() > deadline) throw new Error(`no update on connect from ${node.name}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  async function firstAt(match: (u: PlaybackUpdate) => boolean, ms: number) {
    const deadline = Date.now() + ms;
    for (;;) {
      const hit = updates.find((u) => match(u.update));
      if (hit) return hit.at;
      if (Date.now() > deadline) return null;
      await new Promise((r) => setTimeout(r, 5));
    }
  }
  return {
    /** When the first update listing `songId` in the queue arrived, waiting up to `ms`. */
    queued: (songId: number, ms: number) =>
      firstAt((u) => u.queue.some((s) => s.id === songId), ms),
    /** When the first update with `songId` on air arrived, waiting up to `ms`. */
    onAir: (songId: number, ms: number) => firstAt((u) => u.now_playing?.id === songId, ms),
  };
}

/** Requests `songId` on `node`; answers when the 200 arrived. */
async function requestSong(node: Node, songId: number, token: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/song/${songId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  const at = Date.now();
  const body = await res.text();
  if (res.status !== 200) throw new Error(`request on ${node.name}: ${res.status} ${body}`);
  return at;
}

describe.skipIf(skip)('two server nodes on one database and one Redis', () => {
  let a: Node;
  let b: Node;
  let songs: number[];
  let tone: number;

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`not reachable: ${missing.join(', ')}`);
    testDb = await createTestDatabase();
    ({ requestable: songs, onAir: tone } = await seedSongs(2));
    // A plays the station, with its sockets in this process; B plays nothing and hands its
    // sockets to a fan-out process, as a multi-core node does by default.
    a = await startNode('A', { STATION: '1', LIVE_FANOUT_PROCESSES: '0' });
    b = await startNode('B', { STATION: '0', LIVE_FANOUT_PROCESSES: '1', LIVE_FANOUT_FROM: '0' });
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((ws) => ws.terminate());
    for (const node of nodes) await stopServer(node, 1000);
    await testDb?.drop();
  }, 30_000);

  it("B's sockets show what A's station plays", async () => {
    const onB = await watch(b);
    expect(await onB.onAir(tone, 20_000), `B:\n${b.log()}\nA:\n${a.log()}`).not.toBeNull();
  }, 30_000);

  it('a request made on A reaches a socket on B within 1 s of the answer', async () => {
    const onB = await watch(b);
    const token = await signUp(a);
    const answered = await requestSong(a, songs[0]!, token);
    const arrived = await onB.queued(songs[0]!, 5000);
    expect(arrived, `no update on B listing song ${songs[0]}\nB:\n${b.log()}`).not.toBeNull();
    expect(arrived! - answered).toBeLessThanOrEqual(DELIVERY_MS);
  });

  it('and the other way: a request made on B reaches a socket on A', async () => {
    const onA = await watch(a);
    const token = await signUp(b);
    const answered = await requestSong(b, songs[1]!, token);
    const arrived = await onA.queued(songs[1]!, 5000);
    expect(arrived, `no update on A listing song ${songs[1]}\nA:\n${a.log()}`).not.toBeNull();
    expect(arrived! - answered).toBeLessThanOrEqual(DELIVERY_MS);
  });

  it("a private message sent on A reaches the recipient's socket on B, and nobody else's", async () => {
    const [ann, bob, eve] = await Promise.all([signUpUser(a), signUpUser(a), signUpUser(b)]);
    const bobOnB = await signedInSocket(b, bob.token);
    const eveOnB = await signedInSocket(b, eve.token);
    const res = await fetch(`http://127.0.0.1:${a.port}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to_uid: bob.user.id, message: 'across nodes' }),
    });
    expect(res.status).toBe(200);
    const delivered = await bobOnB.until((m) => m.type === 'private_message');
    expect(delivered).toMatchObject({
      message: { message: 'across nodes', from_uid: ann.user.id },
    });
    await bobOnB.until((m) => m.type === 'unread_count' && m.unreadCount === 1);
    // A public line sent after it reaches Eve: by then a leak would have arrived too.
    await fetch(`http://127.0.0.1:${a.port}/api/oneliner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'public marker' }),
    });
    await eveOnB.until((m) => m.type === 'chat_message');
    expect(
      eveOnB.messages.filter((m) => ['private_message', 'unread_count'].includes(m.type)),
    ).toEqual([]);
  });

  it("a password change on A ends the user's socket on B within 1 s; the one on the new token keeps hearing", async () => {
    const [ann, bob] = [await signUpUser(a), await signUpUser(a)];
    const [oldOnB, renewedOnB] = [
      await signedInSocket(b, bob.token),
      await signedInSocket(b, bob.token),
    ];
    const res = await fetch(`http://127.0.0.1:${a.port}/api/auth/change-password`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${bob.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ currentPassword: 'password1', newPassword: 'a-new-password1' }),
    });
    const answered = Date.now();
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const ended = { type: 'session', user: null, error: expect.any(String) as string };
    await oldOnB.until((m) => m.type === 'session' && m.user === null);
    expect(Date.now() - answered).toBeLessThanOrEqual(DELIVERY_MS);
    expect(oldOnB.messages.filter((m) => m.type === 'session').at(-1)).toMatchObject(ended);
    await renewedOnB.until((m) => m.type === 'session' && m.user === null);
    // The browser that changed the password signs its socket in again with the new token.
    const before = renewedOnB.messages.length;
    renewedOnB.socket.send(JSON.stringify({ type: 'auth', token }));
    await renewedOnB.until(
      (m) => renewedOnB.messages.indexOf(m) >= before && m.type === 'session' && m.user !== null,
    );
    const sent = await fetch(`http://127.0.0.1:${a.port}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to_uid: bob.user.id, message: 'after the change' }),
    });
    expect(sent.status).toBe(200);
    await renewedOnB.until(
      (m) =>
        m.type === 'private_message' &&
        (m.message as { message: string }).message === 'after the change',
    );
    // A public line after it reaches the old socket: by then a leak would have arrived too.
    await fetch(`http://127.0.0.1:${a.port}/api/oneliner`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ann.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'marker after the change' }),
    });
    await oldOnB.until(
      (m) =>
        m.type === 'chat_message' &&
        (m.message as { message: string }).message === 'marker after the change',
    );
    expect(
      oldOnB.messages.filter((m) => ['private_message', 'unread_count'].includes(m.type)),
    ).toEqual([]);
  });

  it("a webhook test queued on B is sent by A's playout at once, woken over the bus", async () => {
    const got: { at: number; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ at: Date.now(), body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    try {
      const { port } = receiver.address() as { port: number };
      const admin = await withAppOn(testDb!, { JWT_SECRET }, (app) => quickUser(app, 'admin'));
      const call = (path: string, body?: unknown) =>
        fetch(`http://127.0.0.1:${b.port}${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${admin.token}`,
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          body: body ? JSON.stringify(body) : undefined,
        });
      const made = await call(API.webhooks.path(), {
        url: `http://127.0.0.1:${port}/hook`,
        events: ['track.started'],
      });
      expect(made.status, await made.clone().text()).toBe(201);
      const { id } = (await made.json()) as { id: number };
      const queuedAt = Date.now();
      expect((await call(API.webhookTest.path({ id }))).status).toBe(202);
      // A's sender looks at the queue by itself only once a minute with nothing pending.
      const deadline = Date.now() + 5000;
      while (got.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(got.map((g) => JSON.parse(g.body).event as string)).toEqual(['webhook.test']);
      expect(got[0]!.at - queuedAt).toBeLessThan(3000);
    } finally {
      await new Promise((r) => receiver.close(r));
    }
  }, 30_000);

  it('both nodes shut down cleanly on SIGTERM, closing their bus', async () => {
    sockets.forEach((ws) => ws.terminate());
    const ends = await Promise.all([stopServer(a), stopServer(b)]);
    expect(ends, `A:\n${a.log()}\nB:\n${b.log()}`).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  }, 30_000);
});
