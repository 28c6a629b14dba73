import fs from 'node:fs';
import type { PlaybackUpdate } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  exited,
  freePort,
  killServer,
  spawnServer,
  startServer,
  stopServer,
} from './helpers/server-process.js';
import { playbackUpdateOf } from './helpers/live-frames.js';
import { firstMp3Bytes, playoutOf, waitFor } from './helpers/playout-probes.js';
import { childProcesses } from './helpers/proc.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-db.js';

let testDb: TestDatabase;
let port = 0;

beforeAll(async () => {
  testDb = await createTestDatabase();
  port = await freePort();
});
afterAll(() => testDb.drop());

/** The server on the port of this file, so that a restart is found where the first one was. */
const start = (env: Record<string, string> = {}) => startServer({ db: testDb, port, env });

/** The node processes `pid` started (its fan-out workers). */
const nodeChildren = (pid: number) =>
  childProcesses(pid)
    .filter((child) => child.comm === 'node')
    .map((child) => child.pid);

/** Alive: not gone and not a zombie waiting to be reaped by whoever adopted it. */
const running = (pid: number) => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
};

const post = (url: string, body: unknown) =>
  fetch(`http://127.0.0.1:${port}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/** Waits for a playback_update on /ws that satisfies `ok`. */
function nextUpdate(
  ok: (u: PlaybackUpdate) => boolean,
  timeoutMs: number,
): Promise<PlaybackUpdate> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const timer = setTimeout(() => {
      ws.close();
      reject(new Error('no matching playback_update'));
    }, timeoutMs);
    ws.on('message', (data: Buffer) => {
      const update = playbackUpdateOf(data);
      if (!update || !ok(update)) return;
      clearTimeout(timer);
      ws.close();
      resolve(update);
    });
    ws.on('error', () => undefined);
  });
}

describe('the server process', () => {
  it('keeps an acknowledged sign-up across kill -9 and shuts down cleanly on SIGTERM', async () => {
    const first = await start();
    const signup = await post('/api/auth/signup', { username: 'durable', password: 'pass1234' });
    expect(signup.status).toBe(200);
    expect((await killServer(first)).signal).toBe('SIGKILL');

    const second = await start();
    const login = await post('/api/auth/login', { username: 'durable', password: 'pass1234' });
    expect(login.status).toBe(200);
    expect(await stopServer(second)).toEqual({ code: 0, signal: null });
  }, 60_000);

  it('keeps the station: after kill -9 the track on air resumes and no history row is lost', async () => {
    const first = await start({ DEMO_LIBRARY: '1' });
    // The demo library is made in the background; the first track starts once it exists.
    const before = await nextUpdate((u) => u.now_playing !== null && u.history.length >= 0, 60_000);
    await killServer(first);

    const second = await start();
    try {
      const after = await nextUpdate((u) => u.now_playing !== null, 10_000);
      expect(after.now_playing!.id).toBe(before.now_playing!.id);
      // Start times come to the millisecond from the station that played the track, and to the
      // whole second the database keeps after a restart: the resumed track is timed from it.
      const near = (a: number, b: number) => Math.abs(a - b) <= 0.5;
      expect(near(after.now_playing!.start_time, before.now_playing!.start_time)).toBe(true);
      expect(after.history.map((h) => h.id)).toEqual(before.history.map((h) => h.id));
      after.history.forEach((h, i) =>
        expect(near(h.start_time, before.history[i]!.start_time)).toBe(true),
      );
      // The dead process's lease runs out first (2.5 s after its last renewal): until then the
      // restarted one stands by, and its updates already show what the database says is on air.
      await waitFor(
        'the restarted server on air',
        async () => (await playoutOf(second)) === 'on-air',
        5_000,
      );
      expect(await firstMp3Bytes(second)).toBe(true);
    } finally {
      expect(await stopServer(second)).toEqual({ code: 0, signal: null });
    }
  }, 120_000);

  it('runs live sockets in fan-out workers that leave with it on kill -9', async () => {
    const server = await start({ STATION: '0', LIVE_FANOUT_PROCESSES: '2', LIVE_FANOUT_FROM: '0' });
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const closed = new Promise((resolve) => ws.once('close', resolve));
    ws.on('error', () => undefined);
    await new Promise((resolve) => ws.once('message', resolve));
    const workers = nodeChildren(server.child.pid!);
    expect(workers).toHaveLength(2);
    await killServer(server);
    await closed; // its worker went too
    const deadline = Date.now() + 5000;
    while (workers.some(running) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(workers.filter(running)).toEqual([]);
  }, 60_000);

  it('refuses to start on a bad variable and names it', async () => {
    const child = spawnServer({ PORT: 'not-a-port' });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    expect((await exited(child)).code).toBe(1);
    expect(stderr).toContain('PORT: must be a port number (0-65535)');
  }, 30_000);
});
