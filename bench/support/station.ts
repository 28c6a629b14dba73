import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import type { PlaybackUpdate } from '@queuecast/contract';
import WebSocket from 'ws';
import { MALLOC_ARENAS } from '../../apps/server/src/lib/child-process.js';
import { DEMO_TUNES } from '../../apps/server/src/media/demo/demo-catalog.js';
import {
  freePort,
  removeScratch,
  scratchDir,
  serverCpu,
  serverPids,
  sleep,
  spawnManaged,
  stopManaged,
} from './processes.js';

export const SERVER_MAIN = fileURLToPath(
  new URL('../../apps/server/dist/main.js', import.meta.url),
);

export interface RunningStation {
  baseUrl: string;
  wsUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The allocator setting the server runs with, as the image (deploy/Dockerfile) starts it;
 * `MALLOC_ARENA_MAX` in the bench's own environment chooses another (16 is glibc's default on
 * two cores).
 */
export const SERVER_ARENAS = process.env.MALLOC_ARENA_MAX ?? MALLOC_ARENAS;

/**
 * The built server (apps/server/dist, or another build's main.js) as a child process on a free
 * port with a fresh DATA_DIR and the demo library, started as the image starts it
 * (`SERVER_ARENAS`); resolves once a song is on air and the library is imported.
 */
export async function startStation(
  env: Record<string, string> = {},
  main = SERVER_MAIN,
): Promise<RunningStation> {
  if (!fs.existsSync(main)) {
    throw new Error(`${main} is missing: run \`npm run build\` at the repository root first`);
  }
  const dataDir = scratchDir('queuecast-bench-');
  const port = await freePort();
  const child = spawnManaged(process.execPath, [main], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_LIBRARY: '1',
      // The load generators sign thousands of listeners up from one address, and connect
      // from it, thousands of sockets at once.
      SIGNUP_PER_HOUR: '1000000',
      HTTP_MAX_CONNECTIONS_PER_IP: '1000000',
      STATION: '1',
      MALLOC_ARENA_MAX: SERVER_ARENAS,
      ...env,
    },
    // The server's own warnings go to stderr; the figures stay alone on stdout.
    stdio: ['ignore', 2, 2],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}/ws`;
  const stop = async () => {
    await stopManaged(child);
    removeScratch(dataDir);
  };
  try {
    await waitHealthy(baseUrl, child);
    await waitForMusic(wsUrl, child);
    await waitForDemoLibrary(baseUrl, child);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, wsUrl, pid: child.pid!, stop };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitHealthy(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await sleep(200);
  }
  throw new Error('the server did not answer /healthz within 60 s');
}

/**
 * The demo library is generated in the background (about 10 s) and imported in one go; the
 * first track starts as the import ends. Waits for it so that library generation does not
 * share the CPU with a measurement.
 */
async function waitForMusic(wsUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    const playing = await new Promise<boolean>((resolve) => {
      const ws = new WebSocket(wsUrl);
      const done = (v: boolean) => {
        ws.terminate();
        resolve(v);
      };
      ws.on('message', (data: Buffer) => {
        // Other live messages (listener counts, feed items) may come first.
        const message = JSON.parse(data.toString('utf8')) as { type: string };
        if (message.type === 'playback_update') {
          done((message as PlaybackUpdate).now_playing !== null);
        }
      });
      ws.once('error', () => done(false));
    });
    if (playing) {
      await sleep(3000);
      return;
    }
    await sleep(1000);
  }
  throw new Error('no track started within 180 s (demo library generation)');
}

/**
 * The first demo tune goes on air alone, within seconds; the other eleven are made (synthesis
 * in the server, ffmpeg encoders beside it) and imported afterwards. Waits until the catalogue
 * holds them all, so that making them does not share the CPU with a measurement.
 */
async function waitForDemoLibrary(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the server exited (${child.exitCode ?? child.signalCode})`);
    const songs = await fetch(`${baseUrl}/api/platforms`)
      .then((r) => (r.ok ? (r.json() as Promise<{ platforms: { song_count: number }[] }>) : null))
      .then((body) => body?.platforms.reduce((n, p) => n + p.song_count, 0) ?? 0)
      .catch(() => 0);
    if (songs >= DEMO_TUNES.length) {
      await sleep(2000);
      return;
    }
    await sleep(1000);
  }
  throw new Error('the demo library was not complete within 180 s');
}

/** Signs a new listener up (open sign-up, argon2id hashing); resolves to its token. */
export async function signup(station: RunningStation, username: string): Promise<string> {
  const res = await fetch(`${station.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'bench-password' }),
  });
  if (!res.ok) throw new Error(`sign-up ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

async function login(station: RunningStation, username: string, password: string) {
  const res = await fetch(`${station.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/**
 * Skips tracks as the admin until the live update carries `entries` history entries, the size
 * it keeps once a station has played a while. Resolves to the update's size in bytes.
 */
export async function fillHistory(
  station: RunningStation,
  admin: { username: string; password: string },
  entries: number,
): Promise<number> {
  const token = await login(station, admin.username, admin.password);
  const seen: { update: PlaybackUpdate | null; bytes: number } = { update: null, bytes: 0 };
  const ws = new WebSocket(station.wsUrl);
  ws.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { type: string };
    if (message.type !== 'playback_update') return;
    seen.update = message as PlaybackUpdate;
    seen.bytes = data.length;
  });
  const current = () => seen.update;
  const deadline = Date.now() + 120_000;
  try {
    while ((current()?.history.length ?? 0) < entries) {
      if (Date.now() > deadline) throw new Error(`history still short of ${entries} after 120 s`);
      const before = current()?.now_playing?.queue_id;
      const res = await fetch(`${station.baseUrl}/api/station/skip`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      await res.arrayBuffer();
      if (res.status === 409) {
        // Between two tracks nothing is on air to skip.
        await sleep(100);
        continue;
      }
      if (!res.ok) throw new Error(`skip: ${res.status}`);
      const until = Date.now() + 10_000;
      while (Date.now() < until) {
        const id = current()?.now_playing?.queue_id;
        if (id !== undefined && id !== before) break;
        await sleep(20);
      }
    }
  } finally {
    ws.terminate();
  }
  return seen.bytes;
}

/** Waits (at most 5 min) until the server uses under 15% of a core: its backlog is written. */
export async function waitIdle(pid: number): Promise<void> {
  const t0 = performance.now();
  for (let busy = 100; busy >= 15 && performance.now() - t0 < 300_000;) {
    const a = serverCpu(serverPids(pid));
    await sleep(1000);
    busy = (serverCpu(serverPids(pid)).cpuS - a.cpuS) * 100;
  }
  console.log(
    `  (server idle again ${((performance.now() - t0) / 1000).toFixed(0)} s after the drain)`,
  );
}
