import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { PlaybackUpdate } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { App } from '../src/app.js';
import { runProcess } from '../src/media/run-process.js';
import { LocalMp3Audience } from '../src/station/mp3/mp3-audience.js';
import { ENCODER_PLAYLIST } from '../src/station/playout/encoder.js';
import { Station } from '../src/station/station.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { bearer, createUser, quickUser } from './helpers/factories.js';
import { decodeMono, longestSilence, segments, windows } from './helpers/pcm.js';
import { playbackUpdateOf } from './helpers/live-frames.js';
import { createTestApp } from './helpers/test-app.js';
import { until } from './helpers/until.js';

let app: App;
let base: string;
let ffmpeg: string;
const songs: Record<string, number> = {};
const updates: PlaybackUpdate[] = [];
let ws: WebSocket;
let capture: { bytes: Buffer[]; total: () => number; stop: () => Buffer };

/** Listens to the MP3 stream like a player would, keeping every byte. */
function listen(): Promise<typeof capture> {
  return new Promise((resolve, reject) => {
    const bytes: Buffer[] = [];
    const req = http.get(`${base}/stream/live.mp3`, (res) => {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('audio/mpeg');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // No page headers held for as long as a listener stays.
      expect(res.headers['content-security-policy']).toBeUndefined();
      res.on('data', (d: Buffer) => bytes.push(d));
      res.on('error', () => undefined);
      resolve({
        bytes,
        total: () => bytes.reduce((n, b) => n + b.length, 0),
        stop: () => {
          req.destroy();
          return Buffer.concat(bytes);
        },
      });
    });
    req.on('error', reject);
  });
}

async function queue(songId: number) {
  await app.ctx.db
    .insertInto('queue_entries')
    .values({ song_id: songId, requested_by: null, requested_at: Math.floor(Date.now() / 1000) })
    .execute();
}

const historyOf = (songId: number) =>
  app.ctx.db
    .selectFrom('play_history')
    .selectAll()
    .where('song_id', '=', songId)
    .orderBy('id')
    .execute();

const songRow = (id: number) =>
  app.ctx.db.selectFrom('songs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  app = await createTestApp({ env: { SONG_LOCK_HOURS: '12' } });
  ffmpeg = app.ctx.media.tools.ffmpeg;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  base = `http://127.0.0.1:${address.port}`;

  // A: 300 Hz for 1 s, then 500 Hz; played with h_skip 1, h_length 3, h_fadeout 1.
  const folder = tempDir('queuecast-station-');
  const partOne = await makeTone(ffmpeg, path.join(folder, 'parts', 'a1.wav'), {
    freq: 300,
    seconds: 1,
  });
  const partTwo = await makeTone(ffmpeg, path.join(folder, 'parts', 'a2.wav'), {
    freq: 500,
    seconds: 5,
  });
  const joined = await runProcess(ffmpeg, [
    ...['-hide_banner', '-y', '-i', partOne, '-i', partTwo],
    ...['-filter_complex', 'concat=n=2:v=0:a=1', '-metadata', 'title=Tone A'],
    ...['-metadata', 'artist=Alpha', path.join(folder, 'a.flac')],
  ]);
  expect(joined.code).toBe(0);
  fs.rmSync(path.join(folder, 'parts'), { recursive: true });
  const tones: [string, number, number][] = [
    ['b', 700, 3],
    ['c', 900, 3],
    ['d', 1100, 3],
    ['e', 1300, 3],
    ['f', 1500, 3],
  ];
  for (const [name, freq, seconds] of tones) {
    await makeTone(ffmpeg, path.join(folder, `${name}.flac`), {
      freq,
      seconds,
      tags: { title: `Tone ${name.toUpperCase()}`, artist: `Artist ${name}` },
    });
  }
  const report = await app.ctx.services.import.importFolder(folder);
  expect(report.added).toBe(6);
  for (const row of await app.ctx.db.selectFrom('songs').select(['id', 'title']).execute()) {
    songs[row.title.replace('Tone ', '').toLowerCase()] = row.id;
  }
  // A helper saves A's tweaks through the API, as the song page's panel does.
  const helper = await quickUser(app, 'helper');
  const saved = await app.inject({
    method: 'POST',
    url: `/api/song/${songs.a}/tweak`,
    headers: bearer(helper.token),
    payload: { h_skip: 1, h_length: 3, h_fadeout: 1 },
  });
  expect(saved.statusCode).toBe(200);
  for (const name of ['a', 'b', 'c']) await queue(songs[name]!);

  ws = new WebSocket(`${base.replace('http', 'ws')}/ws`);
  ws.on('message', (data: Buffer) => {
    const update = playbackUpdateOf(data);
    if (update) updates.push(update);
  });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

  await app.ctx.station.start();
  capture = await listen();
}, 60_000);

afterAll(() => {
  ws?.close();
});

describe('the station on air', () => {
  it('plays the queue in order, gapless, with each song tweaks applied', async () => {
    const startedC = await until('C on air', async () => (await historyOf(songs.c!))[0]);
    await until('C played out', () => Date.now() / 1000 > startedC.started_at + 4.5 || undefined);
    const file = path.join(tempDir('queuecast-capture-'), 'capture.mp3');
    fs.writeFileSync(file, Buffer.concat(capture.bytes));

    const pcm = await decodeMono(ffmpeg, file);
    const ws50 = windows(pcm);
    const heard = segments(ws50).filter((s) => s.freq > 0 && s.to - s.from >= 0.2);
    const order = heard.map((s) => Math.round(s.freq / 100) * 100);
    // A's first second (300 Hz) is skipped; then A (500), B (700), C (900) in queue order.
    expect(order.slice(0, 3)).toEqual([500, 700, 900]);
    expect(order).not.toContain(300);
    const [a, b] = heard;
    // A lasts h_length (3 s), fade included; B its full 3 s.
    expect(a!.to - a!.from).toBeGreaterThan(2.7);
    expect(a!.to - a!.from).toBeLessThan(3.2);
    expect(b!.to - b!.from).toBeGreaterThan(2.8);
    expect(b!.to - b!.from).toBeLessThan(3.2);
    // The fade: A's last quarter second is far quieter than its middle.
    const level = (t: number) => ws50.find((w) => w.at >= t)!.rms;
    expect(level(a!.to - 0.2)).toBeLessThan(level(a!.from + 1) * 0.35);
    expect(level(a!.to - 0.6)).toBeLessThan(level(a!.from + 1) * 0.75);
    // No gap over 50 ms from A's first sample to C's last.
    expect(longestSilence(pcm, a!.from, heard[2]!.to)).toBeLessThan(0.05);

    const history = await app.ctx.db
      .selectFrom('play_history')
      .select(['song_id', 'length', 'started_at', 'requested_by'])
      .orderBy('id')
      .execute();
    expect(history.slice(0, 3).map((h) => h.song_id)).toEqual([songs.a, songs.b, songs.c]);
    expect(history[0]!.length).toBe(3);
    expect((await songRow(songs.a!)).play_count).toBe(1);
  }, 40_000);

  it('sends a playback_update with the start time on every track change', async () => {
    const starts = new Map<number, number>();
    for (const u of updates) {
      if (u.now_playing) starts.set(u.now_playing.id, u.now_playing.start_time);
    }
    const [a, b, c] = [songs.a!, songs.b!, songs.c!];
    for (const id of [a, b, c]) {
      const [row] = await historyOf(id);
      // The update has the start to the millisecond; the database keeps the whole second.
      expect(Math.abs(starts.get(id)! - row!.started_at)).toBeLessThanOrEqual(0.5);
    }
    expect([a, b, c].some((id) => !Number.isInteger(starts.get(id)))).toBe(true);
    // Each start is the previous start plus its effective length (rounded to the second).
    expect(Math.abs(starts.get(b)! - starts.get(a)! - 3)).toBeLessThanOrEqual(1);
    expect(Math.abs(starts.get(c)! - starts.get(b)! - 3)).toBeLessThanOrEqual(1);
    const during = updates.find((u) => u.now_playing?.id === a)!;
    expect(during.now_playing).toMatchObject({ length: 3, source: 'now', isNowPlaying: true });
    expect(during.queue.map((s) => s.id)).toEqual([b, c]);
    expect(during.queue[0]!.start_time).toBe(during.now_playing!.start_time + 3);
    expect(during.station.dj_label).toBe('Auto-DJ');
    const later = updates.findLast((u) => u.now_playing?.id === c)!;
    expect(later.history.slice(0, 2).map((s) => s.id)).toEqual([b, a]);
    expect(later.listeners).toBeGreaterThanOrEqual(1);
  });

  it('serves an HLS playlist and segments that ffprobe reads', async () => {
    const playlist = await until('six segments', async () => {
      const res = await fetch(`${base}/stream/live.m3u8`);
      const text = await res.text();
      return (text.match(/\.ts/g) ?? []).length >= 3 ? text : undefined;
    });
    expect(playlist).toContain('#EXT-X-TARGETDURATION:2');
    expect(playlist).toContain('#EXT-X-PROGRAM-DATE-TIME:');
    const probe = app.ctx.media.tools.ffprobe;
    const result = probe
      ? await runProcess(probe, [
          ...['-v', 'error', '-show_entries', 'stream=codec_name,sample_rate'],
          ...['-of', 'csv=p=0', `${base}/stream/live.m3u8`],
        ])
      : await runProcess(ffmpeg, [
          '-v',
          'error',
          '-i',
          `${base}/stream/live.m3u8`,
          '-t',
          '1',
          '-f',
          'null',
          '-',
        ]);
    expect(result.code).toBe(0);
    if (probe) expect(result.stdout.toString()).toContain('aac,44100');
    // Each encoder run names its segments with its own tag: a name is never reused, so a
    // segment may be cached for good, and the playlist only briefly.
    const segment = /^(live-[a-z0-9]+-\d+\.ts)$/m.exec(playlist)![1]!;
    const res = await fetch(`${base}/stream/${segment}`);
    expect(res.headers.get('content-type')).toBe('video/mp2t');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const list = await fetch(`${base}/stream/live.m3u8`);
    expect(list.headers.get('cache-control')).toBe('public, max-age=1');
    expect((await fetch(`${base}/stream/../secret`)).status).toBe(404);
    expect((await fetch(`${base}/stream/live-1.ts`)).status).toBe(404);
    expect((await fetch(`${base}/stream/${ENCODER_PLAYLIST}`)).status).toBe(404);
    const gone = await fetch(`${base}/stream/live-zz-1.ts`);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: 'That segment has expired.' });
  }, 20_000);

  it('restarts an encoder killed mid-stream within 2 s, and the MP3 keeps flowing', async () => {
    const before = app.ctx.station.encoder.pid!;
    process.kill(before, 'SIGKILL');
    const killedAt = Date.now();
    await until('a new encoder', () => {
      const pid = app.ctx.station.encoder.pid;
      return pid !== undefined && pid !== before ? pid : undefined;
    });
    expect(Date.now() - killedAt).toBeLessThan(2000);
    const bytes = capture.total();
    await until('MP3 after the restart', () => capture.total() > bytes + 16_000 || undefined, 5000);
  }, 15_000);

  it('skips an undecodable file within a second and marks the song', async () => {
    // Break a song that is neither on air nor already being decoded as the next one.
    const { nowPlaying, upNext } = app.ctx.station.playout;
    const busy = new Set([nowPlaying?.songId, upNext?.songId]);
    const [victim, after] = ['d', 'e', 'f', 'b', 'c']
      .map((n) => songs[n]!)
      .filter((id) => !busy.has(id));
    const file = await app.ctx.db
      .selectFrom('files')
      .select('stored_path')
      .where('song_id', '=', victim!)
      .executeTakeFirstOrThrow();
    fs.writeFileSync(app.ctx.media.store.absolute(file.stored_path), 'this is not audio at all');
    // The auto-DJ may have played these already: count only new rows.
    const playsOfVictim = (await historyOf(victim!)).length;
    const playsOfAfter = (await historyOf(after!)).length;
    await queue(victim!);
    await queue(after!);
    const next = await until(
      'the song after it on air',
      async () => (await historyOf(after!))[playsOfAfter],
      20_000,
    );
    expect(await historyOf(victim!)).toHaveLength(playsOfVictim);
    // The broken song's marks are written beside the next song's start, not before it: on
    // PostgreSQL, on another connection of the pool, they may commit a moment later.
    await until(
      'the song marked unplayable',
      async () => (await songRow(victim!)).status === 'unplayable' || undefined,
      5000,
    );
    const entry = await until(
      'its entry closed',
      async () => {
        const row = await app.ctx.db
          .selectFrom('queue_entries')
          .select('state')
          .where('song_id', '=', victim!)
          .orderBy('id', 'desc')
          .executeTakeFirstOrThrow();
        return row.state === 'queued' || row.state === 'playing' ? undefined : row;
      },
      5000,
    );
    expect(entry.state).toBe('skipped');
    // The next song followed the track before it without a pause for the broken one.
    const previous = await app.ctx.db
      .selectFrom('play_history')
      .select(['started_at', 'length'])
      .where('id', '<', next.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(next.started_at - (previous.started_at + previous.length)).toBeLessThanOrEqual(1);
  }, 30_000);

  it('lets staff skip the track on air, and nobody else', async () => {
    const user = await createUser(app);
    const mod = await createUser(app, { role: 'moderator' });
    expect((await app.inject({ method: 'POST', url: '/api/station/skip' })).statusCode).toBe(401);
    const denied = await app.inject({
      method: 'POST',
      url: '/api/station/skip',
      headers: bearer(user.token),
    });
    expect(denied.statusCode).toBe(403);
    const onAir = await until('a track on air', () => app.ctx.station.playout.nowPlaying);
    const res = await app.inject({
      method: 'POST',
      url: '/api/station/skip',
      headers: bearer(mod.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ skipped: { id: number } }>().skipped.id).toBe(onAir.songId);
    await until('the next track', () =>
      app.ctx.station.playout.nowPlaying && app.ctx.station.playout.nowPlaying !== onAir
        ? true
        : undefined,
    );
  }, 15_000);

  it('resumes after a restart with the queue intact', async () => {
    await until('a track on air for a second', () => {
      const track = app.ctx.station.playout.nowPlaying;
      return track?.startedAt && Date.now() / 1000 > track.startedAt + 1 ? true : undefined;
    });
    // A playable song that is neither on air nor about to be (an earlier test broke one).
    const { nowPlaying, upNext } = app.ctx.station.playout;
    const next = await app.ctx.db
      .selectFrom('songs')
      .select('id')
      .where('status', '=', 'active')
      .where('id', 'not in', [nowPlaying?.songId ?? 0, upNext?.songId ?? 0])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await queue(next.id);
    const playing = await app.ctx.db
      .selectFrom('queue_entries')
      .select(['id', 'song_id'])
      .where('state', '=', 'playing')
      .executeTakeFirstOrThrow();
    capture.stop();
    await app.ctx.station.stop();

    const ctx = app.ctx;
    const station = new Station({
      ffmpeg,
      mediaRoot: ctx.media.store.root,
      hlsDir: path.join(ctx.config.dataDir, 'hls'),
      hlsListeners: () => 0,
      mp3: new LocalMp3Audience(
        { name: 'Restarted', genre: 'Various', url: '' },
        { maxPerAddress: 8, maxLagBytes: 160_000, lagCheckMs: 1000 },
      ),
      rules: () => ({ lockSeconds: 3600 }),
      clock: ctx.clock,
      repo: ctx.repos.station,
      bus: ctx.bus,
      log: app.log,
      live: {
        records: ctx.services.shows,
        standbyFile: undefined,
        crossfadeSeconds: 2,
        graceSeconds: 10,
        recordings: null,
      },
    });
    try {
      const historyBefore = (await ctx.db.selectFrom('play_history').select('id').execute()).length;
      const playsOfNext = (await historyOf(next.id)).length;
      await station.start();
      expect(station.playout.nowPlaying?.queueId).toBe(playing.id);
      expect(station.playout.nowPlaying!.offset).toBeGreaterThan(0);
      const f = await until(
        'the queued song after the resumed track',
        async () => (await historyOf(next.id))[playsOfNext],
      );
      expect(f).toBeDefined();
      // The resumed track kept its one history row.
      const historyAfter = (await ctx.db.selectFrom('play_history').select('id').execute()).length;
      expect(historyAfter).toBe(historyBefore + 1);
    } finally {
      await station.stop();
    }
  }, 20_000);
});
