import fs from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  connectionKey,
  parseProcNetTcp,
} from '../../apps/server/src/station/mp3/tcp-send-queues.js';
import { sleep } from '../support/processes.js';

/** What a flood is aimed at, and how long it runs. */
export interface Target {
  baseUrl: string;
  wsUrl: string;
  seconds: number;
  /** An account the floods guess the password of; it must still log in afterwards. */
  owner: { username: string; password: string };
}

export interface Flood {
  name: string;
  /** Runs for `target.seconds` (or until its work is done) and says what the attacker got. */
  run(target: Target): Promise<string>;
}

let nextAddress = 0;
/** A different client address each call, from the benchmarking range 198.18.0.0/15. */
export const freshAddress = () => {
  const n = ++nextAddress;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};

const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
};

/** `concurrency` loops sending `request` until the flood's time is up; the statuses seen. */
async function hammer(
  target: Target,
  concurrency: number,
  request: () => Promise<Response>,
): Promise<number[]> {
  const statuses: number[] = [];
  const deadline = performance.now() + target.seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const res = await request().catch(() => null);
        await res?.arrayBuffer().catch(() => undefined);
        statuses.push(res?.status ?? 0);
      }
    }),
  );
  return statuses;
}

const postJson = (target: Target, path: string, body: unknown, address: string) =>
  fetch(`${target.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify(body),
  });

let serial = 0;
const signupBody = () => ({ username: `flood_${process.pid}_${++serial}`, password: 'flood-pass' });

export const signupOneAddress: Flood = {
  name: 'signup, one address',
  async run(target) {
    const address = freshAddress();
    const statuses = await hammer(target, 20, () =>
      postJson(target, '/api/auth/signup', signupBody(), address),
    );
    return `${statuses.length} signups: ${tally(statuses)}`;
  },
};

export const signupManyAddresses: Flood = {
  name: 'signup, a new address each',
  async run(target) {
    const statuses = await hammer(target, 20, () =>
      postJson(target, '/api/auth/signup', signupBody(), freshAddress()),
    );
    return `${statuses.length} signups: ${tally(statuses)}`;
  },
};

/** The owner's log-in from an address no flood used, after the flood. */
async function ownerLogin(target: Target): Promise<number> {
  const res = await postJson(target, '/api/auth/login', target.owner, freshAddress());
  await res.arrayBuffer();
  return res.status;
}

export const loginOneAddress: Flood = {
  name: "login, the owner's name, one address",
  async run(target) {
    const address = freshAddress();
    const guess = { username: target.owner.username, password: 'wrong-guess' };
    const statuses = await hammer(target, 20, () =>
      postJson(target, '/api/auth/login', guess, address),
    );
    return `${statuses.length} guesses: ${tally(statuses)}; the owner then logs in: ${await ownerLogin(target)}`;
  },
};

export const loginManyAddresses: Flood = {
  name: "login, the owner's name, a new address each",
  async run(target) {
    const guess = { username: target.owner.username, password: 'wrong-guess' };
    const statuses = await hammer(target, 20, () =>
      postJson(target, '/api/auth/login', guess, freshAddress()),
    );
    return `${statuses.length} guesses: ${tally(statuses)}; the owner then logs in: ${await ownerLogin(target)}`;
  },
};

function openSocket(target: Target, address: string): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(target.wsUrl, { headers: { 'x-forwarded-for': address } });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    ws.once('error', () => resolve(0));
  });
}

export const socketRefresh: Flood = {
  name: 'refresh on the socket, 50 sockets',
  async run(target) {
    const sockets = await Promise.all(
      Array.from({ length: 50 }, () => openSocket(target, freshAddress())),
    );
    const open = sockets.filter((s): s is WebSocket => typeof s !== 'number');
    let sent = 0;
    let closedByServer = 0;
    for (const ws of open) ws.once('close', () => closedByServer++);
    const deadline = performance.now() + target.seconds * 1000;
    while (performance.now() < deadline) {
      for (const ws of open) {
        if (ws.readyState === WebSocket.OPEN && ws.bufferedAmount < 64 * 1024) {
          ws.send('{"type":"refresh"}');
          sent++;
        }
      }
      await new Promise((r) => setImmediate(r));
    }
    const stillOpen = open.filter((ws) => ws.readyState === WebSocket.OPEN).length;
    for (const ws of open) ws.terminate();
    return `${open.length} sockets sent ${sent} refreshes; closed by the server: ${closedByServer}, open at the end: ${stillOpen}`;
  },
};

/** Whether this machine's kernel still has the connection as established. */
function established(key: string): boolean {
  const all = new Map<string, number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      parseProcNetTcp(fs.readFileSync(file, 'latin1'), all);
    } catch {
      // not Linux
    }
  }
  return all.has(key);
}

interface Stream {
  status: number;
  key: string | null;
  opened: number;
  destroy: () => void;
}

function openStream(target: Target, address: string, read: boolean): Promise<Stream> {
  return new Promise((resolve) => {
    const opened = performance.now();
    const req = http.get(
      `${target.baseUrl}/stream/live.mp3`,
      { headers: { 'x-forwarded-for': address } },
      (res) => {
        const s = res.socket;
        if (read) res.resume();
        else s.pause();
        res.on('error', () => undefined);
        resolve({
          status: res.statusCode ?? 0,
          // The server's side of the connection, as the kernel's table names it: gone from
          // the established ones once the server has dropped it (the stalled client's own side
          // may not hear of it while its receive window is shut).
          key:
            s.localPort && s.remotePort
              ? connectionKey(s.localAddress!, s.localPort, s.remotePort)
              : null,
          opened,
          destroy: () => req.destroy(),
        });
      },
    );
    req.on('error', () => resolve({ status: 0, key: null, opened, destroy: () => undefined }));
  });
}

export const slowMp3Readers: Flood = {
  name: 'slow MP3 readers, 40 that stop reading',
  async run(target) {
    const streams = await Promise.all(
      Array.from({ length: 40 }, () => openStream(target, freshAddress(), false)),
    );
    const accepted = streams.filter((s) => s.status === 200 && s.key !== null);
    const droppedAfter = new Map<Stream, number>();
    const deadline = performance.now() + Math.max(target.seconds, 40) * 1000;
    while (performance.now() < deadline && droppedAfter.size < accepted.length) {
      for (const s of accepted) {
        if (!droppedAfter.has(s) && !established(s.key!)) {
          droppedAfter.set(s, (performance.now() - s.opened) / 1000);
        }
      }
      await sleep(250);
    }
    for (const s of streams) s.destroy();
    const times = [...droppedAfter.values()].sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    return (
      `${accepted.length} streams; dropped by the server: ${times.length}` +
      (times.length > 0
        ? `, after ${times[0]!.toFixed(1)}–${times.at(-1)!.toFixed(1)} s (median ${median!.toFixed(1)} s)`
        : '')
    );
  },
};

export const manyFromOneAddress: Flood = {
  name: 'many connections from one address (200 sockets, 40 MP3 streams)',
  async run(target) {
    const address = freshAddress();
    const sockets = await Promise.all(
      Array.from({ length: 200 }, () => openSocket(target, address)),
    );
    const streams = await Promise.all(
      Array.from({ length: 40 }, () => openStream(target, address, true)),
    );
    const socketStatuses = sockets.map((s) => (typeof s === 'number' ? s : 101));
    await sleep(target.seconds * 1000);
    for (const s of sockets) if (typeof s !== 'number') s.terminate();
    for (const s of streams) s.destroy();
    return `sockets: ${tally(socketStatuses)}; MP3 streams: ${tally(streams.map((s) => s.status))}`;
  },
};
