import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  PlaybackUpdateSchema,
  type PlaybackUpdate,
  type SignupResponse,
} from '@queuecast/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { createSong, makePlayable, uniqueName } from './helpers/factories.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-db.js';

/*
 * Two real server processes (main.ts through tsx) on one PostgreSQL database and one Redis:
 * what a request changes on one node reaches the live sockets of the other. It runs in the
 * PostgreSQL pass of the suite (TEST_DB=postgres); without PostgreSQL or Redis it is skipped,
 * except in CI, where it fails.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const strict = process.env.CI === 'true' || process.env.CI === '1';
const JWT_SECRET = 'two-nodes-test-secret-long-enough-for-hs256-0123456789';
/** How long after A's answer the update may take to reach a socket on B. */
const DELIVERY_MS = 1000;

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function redisReachable(): Promise<boolean> {
  const probe = new Redis(REDIS_URL, {
    lazyConnect: true,
    retryStrategy: () => null,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Node {
  name: string;
  port: number;
  child: ChildProcess;
  log: () => string;
}

const nodes: Node[] = [];
const sockets: WebSocket[] = [];
let testDb: TestDatabase | undefined;
// Should the runner itself end before afterAll, no node outlives it.
process.once('exit', () => nodes.forEach((n) => n.child.kill('SIGKILL')));

async function startNode(name: string, env: Record<string, string>): Promise<Node> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: testDb!.dataDir,
      DATABASE_URL: testDb!.databaseUrl!,
      REDIS_URL,
      JWT_SECRET,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(testDb!.dataDir, 'no-web'),
      DEMO_LIBRARY: '0',
      STATION: '0',
      REQUEST_COOLDOWN_S: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-8000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const node: Node = { name, port, child, log: () => log };
  nodes.push(node);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`node ${name} exited early:\n${log}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return node;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`node ${name} did not answer within 30 s:\n${log}`);
}

/** SIGTERM, then SIGKILL if it has not gone within `graceMs`; answers how it ended. */
async function stopNode(node: Node, graceMs = 8000) {
  const { child } = node;
  if (child.exitCode !== null || child.signalCode !== null) {
    return { code: child.exitCode, signal: child.signalCode };
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await exited;
  clearTimeout(timer);
  return result;
}

/** The songs a request can queue, written through an app on the shared database. */
async function seedSongs(count: number): Promise<number[]> {
  const config = loadConfig({
    DATA_DIR: testDb!.dataDir,
    DATABASE_URL: testDb!.databaseUrl!,
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    DEMO_LIBRARY: '0',
    LIVE_FANOUT_PROCESSES: '0',
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database });
    try {
      const ids: number[] = [];
      for (let i = 0; i < count; i++) {
        const id = await createSong(app);
        await makePlayable(app, id);
        ids.push(id);
      }
      return ids;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

async function signUp(node: Node): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${node.port}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: uniqueName('node'), password: 'password1' }),
  });
  if (res.status !== 200) throw new Error(`signup on ${node.name}: ${res.status}`);
  return ((await res.json()) as SignupResponse).token;
}

/** A /ws socket that records each playback_update with the time it arrived. */
async function watch(node: Node) {
  const ws = new WebSocket(`ws://127.0.0.1:${node.port}/ws`);
  sockets.push(ws);
  const updates: { at: number; update: PlaybackUpdate }[] = [];
  ws.on('message', (data: Buffer) => {
    updates.push({
      at: Date.now(),
      update: PlaybackUpdateSchema.parse(JSON.parse(data.toString())),
    });
  });
  ws.on('error', () => undefined);
  // The update sent on connect: from here on, any change is a broadcast.
  const deadline = Date.now() + 10_000;
  while (updates.length === 0) {
    if (Date.now() > deadline) throw new Error(`no update on connect from ${node.name}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return {
    /** When the first update listing `songId` in the queue arrived, waiting up to `ms`. */
    async queued(songId: number, ms: number): Promise<number | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        const hit = updates.find((u) => u.update.queue.some((s) => s.id === songId));
        if (hit) return hit.at;
        if (Date.now() > deadline) return null;
        await new Promise((r) => setTimeout(r, 5));
      }
    },
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

  beforeAll(async () => {
    if (missing.length > 0) throw new Error(`not reachable: ${missing.join(', ')}`);
    testDb = await createTestDatabase();
    songs = await seedSongs(2);
    a = await startNode('A', { LIVE_FANOUT_PROCESSES: '0' });
    // B hands its sockets to a fan-out process, as a multi-core node does by default.
    b = await startNode('B', { LIVE_FANOUT_PROCESSES: '1' });
  }, 90_000);

  afterAll(async () => {
    sockets.forEach((ws) => ws.terminate());
    for (const node of nodes) await stopNode(node, 1000);
    await testDb?.drop();
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

  it('both nodes shut down cleanly on SIGTERM, closing their bus', async () => {
    sockets.forEach((ws) => ws.terminate());
    const ends = await Promise.all([stopNode(a), stopNode(b)]);
    expect(ends, `A:\n${a.log()}\nB:\n${b.log()}`).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
  }, 30_000);
});
