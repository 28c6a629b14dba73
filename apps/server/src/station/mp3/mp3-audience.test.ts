import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalMp3Audience, type Mp3Audience, type Mp3Limits } from './mp3-audience.js';
import { BURST_BYTES } from './mp3-listeners.js';
import { MALLOC_ARENAS } from '../../lib/child-process.js';
import { ProcessMp3Audience } from './mp3-processes.js';
import { FLUSH_MS, Mp3Stream } from './mp3-stream.js';
import { readSendQueues, type SendQueues } from './tcp-send-queues.js';

/*
 * The MP3 stream and its audience behind a real HTTP server, with real TCP listeners on
 * loopback, the sockets kept in this process or handed to a real listener process. The
 * encoder is replaced by frames pushed much faster than real time, so that buffers fill in a
 * second rather than in minutes.
 */

/** One MPEG-1 layer III frame, 128 kb/s at 44.1 kHz: 417 bytes. */
const FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
const INFO = { name: 'Test FM', genre: 'Test', url: 'http://radio.test/' };
const LIMITS: Mp3Limits = { maxPerAddress: 8, maxLagBytes: 160_000, lagCheckMs: 1000 };
const log = Fastify({ logger: false }).log;
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(20);
  }
}

/** 64 KiB of frames every 100 ms: 640 KiB/s, 40 times real time. */
const FEED_MS = 100;
const FEED = Buffer.concat(Array<Buffer>(157).fill(FRAME));

type Where = 'local' | 'processes';

function audience(where: Where, limits: Partial<Mp3Limits>, sendQueues?: () => SendQueues) {
  const all = { ...LIMITS, ...limits };
  return where === 'local'
    ? new LocalMp3Audience(INFO, all, sendQueues)
    : new ProcessMp3Audience({ processes: 1, threshold: 0, calmMs: 60_000 }, INFO, all, log);
}

async function station(mp3: Mp3Audience) {
  const stream = new Mp3Stream((chunk) => mp3.publish(chunk));
  const server = http.createServer((req, res) => {
    const address = String(req.headers['x-test-address'] ?? req.socket.remoteAddress);
    if (!mp3.hasRoomFor(address)) {
      res.writeHead(429).end();
      return;
    }
    mp3.accept(req.socket, address, req.headers['icy-metadata'] === '1');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let pushed = 0;
  const feeder = setInterval(() => {
    stream.push(FEED);
    pushed += FEED.length;
  }, FEED_MS);
  cleanup.push(async () => {
    clearInterval(feeder);
    await mp3.close();
    server.close();
  });

  /** A listener; `reading: false` takes the headers and then stops reading. */
  const listen = (reading: boolean, address = 'a') =>
    new Promise<{
      status: number;
      headers: http.IncomingHttpHeaders;
      received: () => number;
      /** The server ended the response (its bytes already sent have all arrived). */
      ended: () => boolean;
      first: () => Buffer;
      stop: () => void;
    }>((resolve, reject) => {
      let received = 0;
      let ended = false;
      const chunks: Buffer[] = [];
      const req = http.get(
        { port, host: '127.0.0.1', path: '/', headers: { 'x-test-address': address } },
        (res) => {
          if (reading) {
            res.on('data', (d: Buffer) => {
              received += d.length;
              if (chunks.length < 4) chunks.push(d);
            });
          } else res.socket.pause();
          res.on('error', () => undefined);
          res.on('close', () => (ended = true));
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            received: () => received,
            ended: () => ended,
            first: () => Buffer.concat(chunks),
            stop: () => req.destroy(),
          });
        },
      );
      req.on('error', reject);
      cleanup.push(() => req.destroy());
    });
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((err, n) => (err ? reject(err) : resolve(n))),
    );
  return { mp3, listen, pushed: () => pushed, connections };
}

describe.each<Where>(['local', 'processes'])('MP3 listeners (%s)', (where) => {
  it('get the response head and the burst at once, then the live audio', async () => {
    const s = await station(audience(where, {}));
    await sleep(FLUSH_MS * 3);
    const listener = await s.listen(true);
    expect(listener.status).toBe(200);
    expect(listener.headers['content-type']).toBe('audio/mpeg');
    expect(listener.headers['icy-name']).toBe('Test FM');
    expect(listener.headers['x-content-type-options']).toBe('nosniff');
    await until(() => listener.received() >= BURST_BYTES, 1000);
    // Whole frames from the first byte.
    expect([...listener.first().subarray(0, 4)]).toEqual([...FRAME.subarray(0, 4)]);
    const afterBurst = listener.received();
    await sleep(FLUSH_MS * 2);
    expect(listener.received()).toBeGreaterThan(afterBurst);
    expect(s.mp3.count).toBe(1);
  });

  it.runIf(process.platform === 'linux')(
    'drop a listener whose unsent audio, in Node and in the kernel, passes the limit',
    async () => {
      let inKernel = 0;
      const s = await station(
        audience(where, { maxLagBytes: 256 * 1024, lagCheckMs: 100 }, () => {
          const queues = readSendQueues();
          inKernel = Math.max(inKernel, ...queues.values());
          return queues;
        }),
      );
      const reader = await s.listen(true);
      await s.listen(false);
      await until(() => s.mp3.dropped > 0);
      // Dropped after about its limit plus what its own receive buffer took, long before the
      // kernel's send buffer (up to 4 MiB here) would have filled. A listener process learns
      // of the chunks over IPC and reports its drops every 100 ms, and at 40 times real time
      // each second it lags behind the feed (a busy machine starving it) is 640 KiB more.
      expect(s.pushed()).toBeLessThan((where === 'local' ? 1.5 : 2.5) * 1024 * 1024);
      if (where === 'local') expect(inKernel).toBeGreaterThan(0);
      expect(s.mp3.dropped).toBe(1);
      const before = reader.received();
      await sleep(FLUSH_MS + 100);
      expect(reader.received()).toBeGreaterThan(before);
      await until(() => s.mp3.count === 1);
    },
  );

  it('cap the streams of an address; a place frees when a stream ends', async () => {
    const s = await station(audience(where, { maxPerAddress: 2 }));
    const first = await s.listen(true, '192.0.2.1');
    const second = await s.listen(true, '192.0.2.1');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await s.listen(true, '192.0.2.1')).status).toBe(429);
    expect((await s.listen(true, '192.0.2.2')).status).toBe(200);
    expect(s.mp3.hasRoomFor('192.0.2.1')).toBe(false);
    first.stop();
    await until(() => s.mp3.hasRoomFor('192.0.2.1'));
    expect((await s.listen(true, '192.0.2.1')).status).toBe(200);
    expect(s.mp3.count).toBe(3);
  });

  it('are all disconnected when the stream ends', async () => {
    const s = await station(audience(where, {}));
    const listeners = [await s.listen(true), await s.listen(true)];
    await until(() => listeners.every((l) => l.received() > 0));
    s.mp3.dropAll();
    await until(() => s.mp3.count === 0);
    // What the kernel had queued for them still arrives; then their connections end.
    await until(() => listeners.every((l) => l.ended()));
    const received = listeners.map((l) => l.received());
    await sleep(FLUSH_MS * 2);
    expect(listeners.map((l) => l.received())).toEqual(received);
  });
});

describe('MP3 listener processes', () => {
  it('hold the connections: the server keeps none once a listener is handed over', async () => {
    const s = await station(audience('processes', {}));
    const listeners = [await s.listen(true), await s.listen(true), await s.listen(true)];
    await until(() => listeners.every((l) => l.received() > BURST_BYTES));
    expect(await s.connections()).toBe(0);
    expect(s.mp3.count).toBe(3);
  });

  it('start with two allocator arenas unless the operator chose otherwise', async () => {
    const mp3 = audience('processes', {}) as ProcessMp3Audience;
    const s = await station(mp3);
    await s.listen(true);
    await until(() => mp3.pids.length === 1);
    const environ = fs.readFileSync(`/proc/${mp3.pids[0]}/environ`, 'latin1').split('\0');
    expect(environ).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? MALLOC_ARENAS}`);
  });

  it('are restarted after kill -9; their listeners are let go and new ones are served', async () => {
    const mp3 = audience('processes', {}) as ProcessMp3Audience;
    const s = await station(mp3);
    const before = await s.listen(true);
    await until(() => before.received() > 0 && mp3.pids.length === 1);
    const [pid] = mp3.pids;
    process.kill(pid!, 'SIGKILL');
    // Its listener's connection died with it, and is counted out.
    await until(() => mp3.count === 0 && before.ended());
    const received = before.received();
    await sleep(FLUSH_MS * 2);
    expect(before.received()).toBe(received);
    await until(() => mp3.pids.length === 1 && mp3.pids[0] !== pid);
    const after = await s.listen(true);
    await until(() => after.received() >= BURST_BYTES);
    expect(mp3.count).toBe(1);
  });
});
