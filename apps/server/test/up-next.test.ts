import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PlaybackUpdate } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { bearer, quickUser } from './helpers/factories.js';
import { playbackUpdateOf } from './helpers/live-frames.js';
import { decodeMono, longestSilence, segments, windows } from './helpers/pcm.js';
import { createTestApp } from './helpers/test-app.js';

// The real station with an empty queue: once a track is on air the playout chooses the next
// one, and the playback update shows it as "Up next", until a request takes its place.

let app: App;
let base: string;
const updates: PlaybackUpdate[] = [];
let ws: WebSocket;
let heard: Buffer[] = [];
let stopListening = () => undefined as void;
/** The tones' frequencies by song id, to tell them apart in the stream. */
const freqOf = new Map<number, number>();

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

beforeAll(async () => {
  app = await createTestApp({ env: { SONG_LOCK_HOURS: '12' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;
  const folder = tempDir('queuecast-up-next-');
  const tones = [400, 600, 800, 1000, 1200];
  for (const [i, freq] of tones.entries()) {
    await makeTone(app.ctx.media.tools.ffmpeg, path.join(folder, `${i}.flac`), {
      freq,
      seconds: 5,
      tags: { title: `Up ${freq}`, artist: `Artist ${freq}` },
    });
  }
  const report = await app.ctx.services.import.importFolder(folder);
  expect(report.added).toBe(tones.length);
  for (const row of await app.ctx.db.selectFrom('songs').select(['id', 'title']).execute()) {
    freqOf.set(row.id, Number(row.title.replace('Up ', '')));
  }
  ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  ws.on('message', (data: Buffer) => {
    const update = playbackUpdateOf(data);
    if (update) updates.push(update);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  await app.ctx.station.start();
  const req = http.get(`${base}/stream/live.mp3`, (res) =>
    res.on('data', (d: Buffer) => heard.push(d)),
  );
  req.on('error', () => undefined);
  stopListening = () => void req.destroy();
}, 60_000);

afterAll(() => {
  stopListening();
  ws?.close();
});

/** The first update after `from` that matches. */
const updateAfter = (from: number, match: (u: PlaybackUpdate) => boolean) =>
  until('a matching playback update', () => updates.slice(from).find(match));

const plays = () =>
  app.ctx.db.selectFrom('play_history').select(['song_id', 'started_at']).orderBy('id').execute();

describe('Up next', () => {
  it('shows the auto-DJ’s next track as soon as it is chosen, and a request replaces it', async () => {
    // With an empty queue: the pick follows the track on air, the DJ label its requester.
    const shown = await updateAfter(0, (u) => u.now_playing !== null && u.queue.length > 0);
    const onAir = shown.now_playing!;
    expect(shown.queue).toHaveLength(1);
    const pick = shown.queue[0]!;
    expect(pick).toMatchObject({
      source: 'upcoming',
      up_next: true,
      position: 1,
      requested_by_username: null,
      length: 5,
    });
    expect(pick.queue_id).toBeUndefined();
    expect(pick.start_time).toBeCloseTo(onAir.start_time + onAir.length, 3);
    expect(pick.id).not.toBe(onAir.id);
    expect(app.ctx.station.playout.upNext?.songId).toBe(pick.id);
    expect(shown.station.dj_label).toBe('Auto-DJ');

    // A listener asks for another song while the pick waits: the request is what plays next.
    const listener = await quickUser(app);
    const wanted = [...freqOf.keys()].find((id) => id !== onAir.id && id !== pick.id)!;
    const before = updates.length;
    const asked = await app.inject({
      method: 'POST',
      url: `/api/song/${wanted}`,
      headers: bearer(listener.token),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const queued = await updateAfter(before, (u) => u.queue.some((s) => s.id === wanted));
    expect(queued.queue.map((s) => [s.id, s.up_next ?? false])).toEqual([[wanted, false]]);
    await until('the request prepared', () => app.ctx.station.playout.upNext?.songId === wanted);
    // The pick's record goes with it (written just after the decision).
    await until(
      'the pick no longer recorded',
      async () =>
        (await app.ctx.db.selectFrom('station_next').selectAll().executeTakeFirst()) === undefined,
    );

    // It follows the track that was on air, and the replaced pick does not play in between.
    const requestStart = await until('the request on air', async () =>
      (await plays()).find((p) => p.song_id === wanted),
    );
    const order = (await plays()).map((p) => p.song_id);
    expect(order.slice(order.indexOf(onAir.id), order.indexOf(wanted) + 1)).toEqual([
      onAir.id,
      wanted,
    ]);

    // With the queue empty again, the next pick shows.
    const after = updates.length;
    const again = await updateAfter(
      after,
      (u) => u.now_playing?.id === wanted && u.queue[0]?.up_next === true,
    );
    expect(again.queue[0]!.id).not.toBe(wanted);

    // The change from the track on air to the request had no gap: listen to the stream. Its
    // start is kept to the second, and the MP3 reaches a listener up to two seconds after the
    // clock wrote the PCM (the encoder's output taken at its ticks, flushed once a second).
    await until('a second of the request heard', () =>
      Date.now() / 1000 > requestStart.started_at + 4 ? true : undefined,
    );
    stopListening();
    const file = path.join(tempDir('queuecast-up-next-capture-'), 'heard.mp3');
    fs.writeFileSync(file, Buffer.concat(heard));
    heard = [];
    const pcm = await decodeMono(app.ctx.media.tools.ffmpeg, file);
    const tones = segments(windows(pcm)).filter((s) => s.freq > 0 && s.to - s.from >= 0.2);
    const near = (hz: number, f: number) => Math.abs(f - hz) < 50;
    const i = tones.findIndex((s) => near(freqOf.get(wanted)!, s.freq));
    expect(i).toBeGreaterThan(0);
    expect(near(freqOf.get(onAir.id)!, tones[i - 1]!.freq)).toBe(true);
    expect(longestSilence(pcm, tones[i - 1]!.from, tones[i]!.from + 1)).toBeLessThan(0.05);
  }, 60_000);
});
