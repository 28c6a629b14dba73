import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FLUSH_MS, Mp3Broadcaster, type Mp3Limits } from './mp3-broadcaster.js';
import { readSendQueues } from './tcp-send-queues.js';

/*
 * The broadcaster behind a real HTTP server, with real TCP listeners on loopback: one that
 * reads and one that has stopped reading. The encoder is replaced by frames pushed much faster
 * than real time, so that buffers fill in a second rather than in minutes.
 */

/** One MPEG-1 layer III frame, 128 kb/s at 44.1 kHz: 417 bytes. */
const FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413)]);
const cleanup: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanup.splice(0)) c();
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

async function broadcaster(limits: Partial<Mp3Limits>) {
  const mp3 = new Mp3Broadcaster({ name: 'test', genre: 'Test', url: '' }, limits);
  const server = http.createServer((req, res) => {
    const address = String(req.headers['x-test-address'] ?? req.socket.remoteAddress);
    if (!mp3.hasRoomFor(address)) {
      res.writeHead(429).end();
      return;
    }
    mp3.add(res, address);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  mp3.start();
  let pushed = 0;
  const feeder = setInterval(() => {
    mp3.push(FEED);
    pushed += FEED.length;
  }, FEED_MS);
  cleanup.push(() => {
    clearInterval(feeder);
    mp3.close();
    server.close();
  });

  /** A listener; `reading: false` takes the headers and then stops reading. */
  const listen = (reading: boolean, address = 'a') =>
    new Promise<{ status: number; received: () => number; stop: () => void }>((resolve, reject) => {
      let received = 0;
      const req = http.get(
        { port, host: '127.0.0.1', path: '/', headers: { 'x-test-address': address } },
        (res) => {
          if (reading) res.on('data', (d: Buffer) => (received += d.length));
          else res.socket.pause();
          res.on('error', () => undefined);
          resolve({
            status: res.statusCode ?? 0,
            received: () => received,
            stop: () => req.destroy(),
          });
        },
      );
      req.on('error', reject);
      cleanup.push(() => req.destroy());
    });
  return { mp3, listen, pushed: () => pushed };
}

describe('a listener that stops reading', () => {
  it.runIf(process.platform === 'linux')(
    'is dropped once its unsent audio, in Node and in the kernel, passes the limit',
    async () => {
      let inKernel = 0;
      const station = await broadcaster({
        maxLagBytes: 256 * 1024,
        lagCheckMs: 100,
        sendQueues: () => {
          const queues = readSendQueues();
          inKernel = Math.max(inKernel, ...queues.values());
          return queues;
        },
      });
      const reader = await station.listen(true);
      await station.listen(false);
      await until(() => station.mp3.dropped > 0);
      // Dropped after about its limit plus what its own receive buffer took, long before the
      // kernel's send buffer (which grows to megabytes) would have filled.
      expect(station.pushed()).toBeLessThan(1.5 * 1024 * 1024);
      expect(inKernel).toBeGreaterThan(0);
      expect(station.mp3.dropped).toBe(1);
      const before = reader.received();
      await sleep(FLUSH_MS + 100);
      expect(reader.received()).toBeGreaterThan(before);
      expect(station.mp3.count).toBe(1);
    },
  );

  it.runIf(process.platform === 'linux')(
    'outlasts the same limit when only Node’s buffer is looked at',
    async () => {
      const station = await broadcaster({
        maxLagBytes: 256 * 1024,
        lagCheckMs: 100,
        sendQueues: () => new Map(),
      });
      await station.listen(false);
      await until(() => station.pushed() > 1.5 * 1024 * 1024);
      expect(station.mp3.dropped).toBe(0);
      // The kernel's own count shows where the audio went.
      expect(Math.max(0, ...readSendQueues().values())).toBeGreaterThan(256 * 1024);
    },
  );
});

describe('streams per address', () => {
  it('are capped; a place frees when a stream ends', async () => {
    const station = await broadcaster({ maxPerAddress: 2 });
    const first = await station.listen(true, '192.0.2.1');
    const second = await station.listen(true, '192.0.2.1');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await station.listen(true, '192.0.2.1')).status).toBe(429);
    expect((await station.listen(true, '192.0.2.2')).status).toBe(200);
    expect(station.mp3.hasRoomFor('192.0.2.1')).toBe(false);
    first.stop();
    await until(() => station.mp3.hasRoomFor('192.0.2.1'));
    expect((await station.listen(true, '192.0.2.1')).status).toBe(200);
    expect(station.mp3.count).toBe(3);
  });
});
