import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { captureMp3, longestQuiet, type TimedCapture } from './helpers/mp3-capture.js';
import { windows } from './helpers/pcm.js';
import { queueTones } from './helpers/queued-tones.js';
import { childProcesses } from './helpers/proc.js';
import { createTestApp } from './helpers/test-app.js';
import { sleep, until } from './helpers/until.js';

// The next track is chosen as soon as one is on air, but decoded only from the last ten seconds
// of the one on air; its decoder (an ffmpeg process) writes the track into the spool and exits
// long before the track is heard, so a station at rest runs none. The handover stays gapless.

let app: App;
let base: string;
const songs: Record<string, number> = {};
/** Stored file names (content-addressed) to song titles. */
const titleOf = new Map<string, string>();

/** The songs this process's ffmpeg children decode to PCM (the encoder is not one). */
function decoders(): string[] {
  return childProcesses(process.pid).flatMap(({ args }) => {
    const title = titleOf.get(path.basename(args[args.indexOf('-i') + 1] ?? ''));
    return args.includes('pipe:1') && title ? [title] : [];
  });
}

beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  await queueTones(app, [
    { title: 'long', artist: 'Artist long', freq: 500, seconds: 14 },
    { title: 'short', artist: 'Artist short', freq: 900, seconds: 8 },
  ]);
  const rows = await app.ctx.db
    .selectFrom('songs')
    .innerJoin('files', 'files.song_id', 'songs.id')
    .select(['songs.id', 'songs.title', 'files.stored_path'])
    .execute();
  for (const row of rows) {
    songs[row.title] = row.id;
    titleOf.set(path.basename(row.stored_path), row.title);
  }
}, 60_000);

afterAll(() => app.ctx.station.stop());

describe('the next decoder', () => {
  it('starts ten seconds before the track on air ends, and the handover has no gap', async () => {
    await app.ctx.station.start();
    let capture: TimedCapture | null = null;
    try {
      capture = await captureMp3(base);
      const { playout } = app.ctx.station;
      await until('the long track on air', () => playout.nowPlaying?.songId === songs.long);
      const onAir = performance.now();
      await until('the short one chosen to follow', () => playout.upNext?.songId === songs.short);
      // Chosen, but not decoding; the track on air was decoded whole into the spool.
      await sleep(1000);
      expect(playout.upNext?.songId).toBe(songs.short);
      expect(playout.nextDecoding).toBe(false);
      expect(decoders()).toEqual([]);
      await until('the next decoder', () => playout.nextDecoding);
      const startedAfter = (performance.now() - onAir) / 1000;
      // 14 s long, decoded 10 s ahead, the clock writing half a second ahead of the wall.
      expect(startedAfter).toBeGreaterThan(2.5);
      expect(startedAfter).toBeLessThan(5);
      // Decoded in a moment: its process is gone well before the track goes on air.
      await until('the next track decoded', () => decoders().length === 0);
      expect(playout.nowPlaying?.songId).toBe(songs.long);
      expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'spool'))).toEqual([]);
      await until('the short track on air', () => playout.nowPlaying?.songId === songs.short);
      await sleep(1500);
      const pcm = await capture.decode(app.ctx.media.tools.ffmpeg);
      const ws = windows(pcm, 0.02);
      const firstLong = ws.findIndex((w) => Math.abs(w.freq - 500) < 40);
      const firstShort = ws.findIndex((w, i) => i > firstLong && Math.abs(w.freq - 900) < 40);
      expect(firstLong).toBeGreaterThanOrEqual(0);
      expect(firstShort, 'the next track in the stream').toBeGreaterThan(firstLong);
      const handover = ws[firstShort]!.at;
      const gap = longestQuiet(pcm, handover - 1, handover + 1);
      expect(gap, `${(gap * 1000).toFixed(0)} ms below -50 dBFS at the handover`).toBeLessThan(
        0.05,
      );
    } finally {
      capture?.stop();
    }
  }, 60_000);
});
