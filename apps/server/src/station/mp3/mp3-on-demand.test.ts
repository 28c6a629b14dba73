import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sleep, until } from '../../../test/helpers/until.js';
import { ICY_METAINT } from './icy-metadata.js';
import { ProcessMp3Audience } from './mp3-processes.js';
import { Mp3Stream } from './mp3-stream.js';

/*
 * MP3 listeners moving between the server and a listener process as the audience grows past
 * the threshold and falls back: a real HTTP server, real listener processes, real TCP readers
 * on loopback. Every frame carries its number, so a reader sees any byte missing or repeated.
 */

const INFO = { name: 'Test FM', genre: 'Test', url: 'http://radio.test/' };
const LIMITS = { maxPerAddress: 50, maxLagBytes: 400_000, lagCheckMs: 1000 };
const FRAME_BYTES = 417;
const log = Fastify({ logger: false }).log;
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

/** Frame `n`: a 128 kb/s 44.1 kHz MPEG-1 layer III header, then `n` where the audio would be. */
function frame(n: number): Buffer {
  const bytes = Buffer.alloc(FRAME_BYTES, 0x55);
  bytes.set([0xff, 0xfb, 0x90, 0x64]);
  bytes.writeUInt32BE(n, 4);
  return bytes;
}

/** A reader checking that the frames it hears follow one another, ICY blocks taken out. */
class Reader {
  frames = 0;
  faults: string[] = [];
  ended = false;
  private last = -1;
  private audio = Buffer.alloc(0);
  private untilMeta = ICY_METAINT;
  private metaLeft = -1;
  private readonly request: http.ClientRequest;

  constructor(port: number, icy: boolean) {
    this.request = http.get(
      { port, host: '127.0.0.1', path: '/', headers: icy ? { 'icy-metadata': '1' } : {} },
      (res) => {
        res.on('data', (data: Buffer) => (icy ? this.icy(data) : this.take(data)));
        res.on('error', () => undefined);
        res.on('close', () => (this.ended = true));
      },
    );
    this.request.on('error', () => (this.ended = true));
    cleanup.push(() => this.request.destroy());
  }

  stop(): void {
    this.request.destroy();
  }

  /** Audio bytes and metadata blocks: a length byte (×16) after every ICY_METAINT audio bytes. */
  private icy(data: Buffer): void {
    let i = 0;
    while (i < data.length) {
      if (this.metaLeft === -1 && this.untilMeta === 0) {
        this.metaLeft = data[i++]! * 16;
        if (this.metaLeft === 0) this.endMeta();
      } else if (this.metaLeft > 0) {
        const n = Math.min(this.metaLeft, data.length - i);
        i += n;
        this.metaLeft -= n;
        if (this.metaLeft === 0) this.endMeta();
      } else {
        const n = Math.min(this.untilMeta, data.length - i);
        this.take(data.subarray(i, i + n));
        i += n;
        this.untilMeta -= n;
      }
    }
  }

  private endMeta(): void {
    this.metaLeft = -1;
    this.untilMeta = ICY_METAINT;
  }

  private take(data: Buffer): void {
    this.audio = Buffer.concat([this.audio, data]);
    while (this.audio.length >= FRAME_BYTES) {
      const f = this.audio.subarray(0, FRAME_BYTES);
      this.audio = this.audio.subarray(FRAME_BYTES);
      if (f[0] !== 0xff || f[1] !== 0xfb) {
        this.faults.push(`frame ${this.frames}: no frame header`);
        continue;
      }
      const n = f.readUInt32BE(4);
      if (this.last !== -1 && n !== this.last + 1) {
        this.faults.push(`frame ${n} after ${this.last}`);
      }
      this.last = n;
      this.frames++;
    }
  }
}

async function station(threshold: number) {
  const mp3 = new ProcessMp3Audience({ processes: 1, threshold, calmMs: 300 }, INFO, LIMITS, log);
  const stream = new Mp3Stream((chunk) => mp3.publish(chunk));
  const server = http.createServer((req) =>
    mp3.accept(req.socket, 'a', req.headers['icy-metadata'] === '1'),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  // 18 frames every 20 ms: about 23 times the stream's pace.
  let next = 0;
  const feeder = setInterval(() => {
    stream.push(Buffer.concat(Array.from({ length: 18 }, () => frame(next++))));
  }, 20);
  cleanup.push(async () => {
    clearInterval(feeder);
    await mp3.close();
    server.close();
  });
  const listen = async (icy = false) => {
    const before = mp3.count;
    const reader = new Reader(port, icy);
    await until('a listener', () => mp3.count === before + 1 && reader.frames > 0);
    return reader;
  };
  return { mp3, listen };
}

describe('MP3 listener processes on demand', () => {
  it('start past the threshold and stop once the audience falls, no listener missing a byte', async () => {
    const { mp3, listen } = await station(5);
    // Below the threshold the server holds them, and no process runs.
    const early = [await listen(), await listen(true), await listen(), await listen()];
    await sleep(200);
    expect(mp3.here).toBe(4);
    expect(mp3.pids).toEqual([]);
    // From the fifth on, new listeners go to a listener process; the first four stay.
    const [icy, leaving, plain] = [await listen(true), await listen(), await listen()];
    await until('the listener process', () => mp3.pids.length === 1);
    expect(mp3.here).toBe(4);
    expect(mp3.count).toBe(7);
    const pid = mp3.pids[0]!;

    // The audience falls to two, under half the threshold: after the calm, the process hands
    // its listeners back and stops.
    for (const r of [...early, leaving]) r.stop();
    await until('the listeners handed back', () => mp3.here === 2 && mp3.pids.length === 0);
    expect(mp3.count).toBe(2);
    await until('the process gone', () => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    const heard = [icy.frames, plain.frames];
    await sleep(500);
    for (const [i, r] of [icy, plain].entries()) {
      expect(r.ended).toBe(false);
      expect(r.frames).toBeGreaterThan(heard[i]! + 100);
      expect(r.faults).toEqual([]);
    }

    // A crowd again: a process starts for it, and those held here stay here.
    const again = [await listen(), await listen(true), await listen()];
    await until('a process again', () => mp3.pids.length === 1);
    await sleep(300);
    expect(mp3.here).toBe(4);
    for (const r of [icy, plain, ...again]) {
      expect(r.ended).toBe(false);
      expect(r.faults).toEqual([]);
    }
  });

  it('always use the processes at threshold 0', async () => {
    const { mp3, listen } = await station(0);
    const reader = await listen();
    await until('the listener process', () => mp3.pids.length === 1);
    expect(mp3.here).toBe(0);
    expect(reader.faults).toEqual([]);
  });
});
