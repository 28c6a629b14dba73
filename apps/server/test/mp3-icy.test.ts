import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { ICY_METAINT } from '../src/station/mp3/icy-metadata.js';
import { frameLength } from '../src/station/mp3/mp3-frames.js';
import { tempDir } from './helpers/audio.js';
import { decodeMono, segments, windows } from './helpers/pcm.js';
import { parseIcy } from './helpers/icy.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';

/** 128 kb/s: stream bytes per second of audio. */
const MP3_BYTES_PER_SECOND = 16_000;
/** One MP3 frame (1152 samples) in stream bytes, rounded up. */
const FRAME_BYTES = 418;

let app: App;
let base: string;
let ffmpeg: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => T | undefined | false, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

interface Capture {
  headers: http.IncomingHttpHeaders;
  bytes: Buffer[];
  stop: () => Buffer;
}

function listen(headers: Record<string, string>): Promise<Capture> {
  return new Promise((resolve, reject) => {
    const bytes: Buffer[] = [];
    const req = http.get(`${base}/stream/live.mp3`, { headers }, (res) => {
      res.on('data', (d: Buffer) => bytes.push(d));
      res.on('error', () => undefined);
      resolve({
        headers: res.headers,
        bytes,
        stop: () => {
          req.destroy();
          return Buffer.concat(bytes);
        },
      });
    });
    req.on('error', reject);
  });
}

/** MP3 listeners in the server process, then handed to a listener process. */
describe.each(['0', '1'])('ICY metadata in the MP3 stream (MP3_PROCESSES=%s)', (processes) => {
  beforeAll(async () => {
    app = await createTestApp({ env: { MP3_PROCESSES: processes, MP3_PROCESSES_FROM: '0' } });
    ffmpeg = app.ctx.media.tools.ffmpeg;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `http://127.0.0.1:${address.port}`;
    await queueTones(app, [
      { title: 'Tone B', artist: 'Artist B', freq: 700 },
      { title: 'Tone C', artist: 'Artist C', freq: 1100 },
    ]);
  }, 60_000);

  afterAll(async () => {
    await app?.ctx.station.stop();
    await app?.ctx.station.mp3.close();
  });

  it('titles the stream for clients that ask, switching where the next track is heard', async () => {
    await app.ctx.station.start();
    const icy = await listen({ 'Icy-MetaData': '1' });
    const plain = await listen({});
    expect(icy.headers['icy-metaint']).toBe(String(ICY_METAINT));
    expect(icy.headers['icy-name']).toBe('Queuecast');
    expect(icy.headers['icy-genre']).toBe('Various');
    expect(icy.headers['icy-url']).toBeDefined();
    expect(plain.headers['icy-metaint']).toBeUndefined();

    // Until C's title has come and two more metadata intervals of C have followed.
    await until('the title of C', () => {
      const { titles } = parseIcy(Buffer.concat(icy.bytes), ICY_METAINT);
      const c = titles.find((t) => t.title === 'Artist C - Tone C');
      return c && titles.at(-1)!.at >= c.at + 2 * ICY_METAINT;
    });
    const { audio, titles } = parseIcy(icy.stop(), ICY_METAINT);
    const plainBytes = plain.stop();

    // Titles are sent once each; unchanged intervals carry an empty block.
    const named = titles.filter((t) => t.title !== null);
    expect(named.map((t) => t.title)).toEqual(['Artist B - Tone B', 'Artist C - Tone C']);
    const switchAt = named[1]!.at;

    // The de-metadata'd audio is whole MP3 frames; where does B's 700 Hz give way to C?
    let at = 0;
    while (at < audio.length && frameLength(audio, at) > 0) at += frameLength(audio, at);
    expect(audio.length - at).toBeLessThan(FRAME_BYTES);
    const file = path.join(tempDir('queuecast-icy-out-'), 'icy.mp3');
    fs.writeFileSync(file, audio);
    const heard = segments(windows(await decodeMono(ffmpeg, file), 0.01), 60);
    const b = heard.findIndex((s) => Math.abs(s.freq - 700) < 60 && s.to - s.from > 1);
    const c = heard.findIndex((s, i) => i > b && Math.abs(s.freq - 1100) < 60);
    expect(b).toBeGreaterThanOrEqual(0);
    expect(c).toBeGreaterThan(b);
    const boundary = heard[c]!.from * MP3_BYTES_PER_SECOND;
    // C's title is in the first block after C's first frame, and not in the one before it.
    const slack = FRAME_BYTES + 0.03 * MP3_BYTES_PER_SECOND;
    expect(switchAt).toBeGreaterThanOrEqual(boundary - slack);
    expect(switchAt - ICY_METAINT).toBeLessThan(boundary + slack);

    // A plain listener gets clean MP3 frames and no metadata.
    expect(plainBytes.includes('StreamTitle')).toBe(false);
    at = 0;
    while (at < plainBytes.length && frameLength(plainBytes, at) > 0) {
      at += frameLength(plainBytes, at);
    }
    expect(plainBytes.length - at).toBeLessThan(FRAME_BYTES);
  }, 60_000);
});
