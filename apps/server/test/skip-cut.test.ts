import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { bearer, quickUser } from './helpers/factories.js';
import { captureMp3, longestQuiet, type TimedCapture } from './helpers/mp3-capture.js';
import { windows } from './helpers/pcm.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
let base: string;
const songs: Record<string, number> = {};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

beforeAll(async () => {
  app = await createTestApp();
  const ffmpeg = app.ctx.media.tools.ffmpeg;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const folder = tempDir('queuecast-skip-');
  for (const [name, freq] of [
    ['low', 400],
    ['high', 800],
  ] as const) {
    await makeTone(ffmpeg, path.join(folder, `${name}.flac`), {
      freq,
      seconds: 30,
      tags: { title: name, artist: `Artist ${name}` },
    });
  }
  expect((await app.ctx.services.import.importFolder(folder)).added).toBe(2);
  for (const row of await app.ctx.db.selectFrom('songs').select(['id', 'title']).execute()) {
    songs[row.title] = row.id;
  }
  for (const name of ['low', 'high']) {
    await app.ctx.db
      .insertInto('queue_entries')
      .values({
        song_id: songs[name]!,
        requested_by: null,
        requested_at: Math.floor(Date.now() / 1000),
      })
      .execute();
  }
}, 60_000);

afterAll(() => app.ctx.station.stop());

describe('skipping', () => {
  it('cuts mid-track to the next one with no silence between them', async () => {
    await app.ctx.station.start();
    let capture: TimedCapture | null = null;
    try {
      capture = await captureMp3(base);
      await until('the first track on air', () => {
        const track = app.ctx.station.playout.nowPlaying;
        return track && track.songId === songs.low && track.startedAt !== null ? track : undefined;
      });
      // Well into the track: the next one is long since chosen, its end far off.
      await sleep(3000);
      const mod = await quickUser(app, 'moderator');
      const skipAsked = Date.now() / 1000;
      const skipped = await app.inject({
        method: 'POST',
        url: '/api/station/skip',
        headers: bearer(mod.token),
      });
      expect(skipped.statusCode).toBe(200);
      const skippedAt = Date.now() / 1000;
      const high = await until('the next track on air', () => {
        const track = app.ctx.station.playout.nowPlaying;
        return track && track.songId === songs.high && track.startedAt !== null ? track : undefined;
      });
      // It is recorded as starting when its first sample entered the stream: at the skip
      // (whole seconds).
      expect(high.startedAt).toBeGreaterThanOrEqual(Math.floor(skipAsked));
      expect(high.startedAt).toBeLessThanOrEqual(Math.ceil(skippedAt));
      await sleep(2000);
      const pcm = await capture.decode(app.ctx.media.tools.ffmpeg);
      const ws = windows(pcm, 0.02);
      const firstLow = ws.findIndex((w) => Math.abs(w.freq - 400) < 40);
      expect(firstLow).toBeGreaterThanOrEqual(0);
      const firstHigh = ws.findIndex((w, i) => i > firstLow && Math.abs(w.freq - 800) < 40);
      expect(firstHigh, 'the next track in the stream').toBeGreaterThan(firstLow);
      const cut = ws[firstHigh]!.at;
      // The first track played for its three seconds and more, then the cut.
      expect(cut - ws[firstLow]!.at).toBeGreaterThan(2.5);
      const gap = longestQuiet(pcm, cut - 1, cut + 1);
      expect(gap, `${(gap * 1000).toFixed(0)} ms below -50 dBFS at the cut`).toBeLessThan(0.05);
    } finally {
      capture?.stop();
    }
  }, 40_000);
});
