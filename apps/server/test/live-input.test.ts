import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { API, type PlaybackUpdate, type RecordingList } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import {
  basicLine as basic,
  ffmpegSource as startFfmpeg,
  kick,
  namedUser,
  newDj,
  rawSource as rawSourceTo,
  type Dj,
  type NamedUser,
} from './helpers/live-sources.js';
import { captureMp3, MP3_BYTES_PER_SECOND, type TimedCapture } from './helpers/mp3-capture.js';
import { decodeMono, onsetOf, windows } from './helpers/pcm.js';
import { tempDir } from './helpers/audio.js';
import { runProcess } from '../src/media/run-process.js';
import { queueTones } from './helpers/queued-tones.js';
import { createTestApp } from './helpers/test-app.js';
import { parseIcy } from './helpers/icy.js';
import { ICY_METAINT } from '../src/station/mp3/icy-metadata.js';
import { until } from './helpers/until.js';

/*
 * The live input with real source clients: raw SOURCE and PUT requests for the answers, and
 * ffmpeg streaming a tone (its icecast:// output, the way DJs' software connects), heard in the
 * station's own MP3 output.
 */

let app: App;
let port: number;
let base: string;
let ffmpeg: string;
let admin: NamedUser;
let dj: Dj;
let other: Dj;
let listener: NamedUser;
let capture: TimedCapture;
const clients: ChildProcess[] = [];
const logs: string[] = [];

const rawSource = (head: string, body?: Buffer) => rawSourceTo(port, head, body);
function ffmpegSource(user: Dj, freq: number): ChildProcess {
  const child = startFfmpeg(ffmpeg, port, user, { freq, onLog: (l) => logs.push(l) });
  clients.push(child);
  return child;
}

/** Seconds into the capture where each run of one frequency (±8 % window to window) begins. */
async function heard(): Promise<{ freq: number; from: number; to: number }[]> {
  const pcm = await capture.decode(ffmpeg);
  const runs: { freqs: number[]; from: number; to: number }[] = [];
  for (const w of windows(pcm, 0.05)) {
    const last = runs.at(-1);
    const previous = last?.freqs.at(-1);
    if (last && previous !== undefined && Math.abs(previous - w.freq) <= previous * 0.08) {
      last.freqs.push(w.freq);
      last.to = w.at + 0.05;
    } else runs.push({ freqs: [w.freq], from: w.at, to: w.at + 0.05 });
  }
  // A run's frequency is its windows' median: its first window may straddle a fade.
  return runs
    .filter((r) => r.to - r.from >= 0.2)
    .map(({ freqs, from, to }) => ({
      freq: [...freqs].sort((a, b) => a - b)[Math.floor(freqs.length / 2)]!,
      from,
      to,
    }));
}

const update = async (): Promise<PlaybackUpdate> => app.ctx.services.playback.build(0);

beforeAll(async () => {
  app = await createTestApp({ env: { LIVE_GRACE_S: '3', LIVE_CROSSFADE_S: '0.5' } });
  ffmpeg = app.ctx.media.tools.ffmpeg;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
  base = `http://127.0.0.1:${port}`;
  admin = await namedUser(app, 'admin');
  listener = await namedUser(app);
  dj = await newDj(app, admin);
  other = await newDj(app, admin);
  await queueTones(app, [
    { title: 'Long Request', artist: 'Queue', freq: 440, seconds: 40 },
    { title: 'After Show', artist: 'Queue', freq: 660, seconds: 40 },
  ]);
  // The first entry is a listener's request: cut by the show, it must come back.
  await app.ctx.db
    .updateTable('queue_entries')
    .set({ requested_by: listener.id })
    .where('state', '=', 'queued')
    .where(
      'song_id',
      '=',
      (
        await app.ctx.db
          .selectFrom('songs')
          .select('id')
          .where('title', '=', 'Long Request')
          .executeTakeFirstOrThrow()
      ).id,
    )
    .execute();
  await app.ctx.station.start();
  capture = await captureMp3(base);
}, 60_000);

afterAll(async () => {
  for (const c of clients) c.kill('SIGKILL');
  capture?.stop();
  await app?.ctx.station.stop();
  await app?.close();
});

describe('the live input at /live', () => {
  it('answers sources it does not take with the reason', async () => {
    const unauthorised = await rawSource(
      'SOURCE /live HTTP/1.0\r\nContent-Type: audio/mpeg\r\n\r\n',
    );
    expect(unauthorised).toMatch(/^HTTP\/1\.0 401/);
    expect(unauthorised).toMatch(/WWW-Authenticate: Basic/i);
    const wrongKey = await rawSource(
      `SOURCE /live HTTP/1.0\r\n${basic(dj.username, 'not-the-key')}\r\n\r\n`,
    );
    expect(wrongKey).toMatch(/^HTTP\/1\.0 401/);
    expect(wrongKey).toContain('Wrong username or stream key.');
    const notDj = await rawSource(
      `PUT /live HTTP/1.1\r\nHost: x\r\n${basic(listener.username, 'anything')}\r\nExpect: 100-continue\r\n\r\n`,
    );
    expect(notDj).toMatch(/^HTTP\/1\.0 403/);
    expect(notDj).toContain('DJ permission');
    const mount = await rawSource(
      `SOURCE /other HTTP/1.0\r\n${basic(dj.username, dj.key)}\r\n\r\n`,
    );
    expect(mount).toMatch(/^HTTP\/1\.0 404/);
    const garbage = await rawSource('SOURCE /live HTTP/1.0\r\nno colon here\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.0 400/);
    // The key is never written to the log.
    expect(logs.join('')).not.toContain(dj.key);
    // The site on the same port is untouched: plain requests still parse.
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBeLessThan(500);
    const put = await fetch(`${base}/api/user/stream-key`, { method: 'PUT' });
    expect(put.status).toBe(405);
  });

  it('puts ffmpeg on air within a second of its first audio, titles it, and refuses a second DJ', async () => {
    await until(
      'the request on air',
      async () => (await update()).now_playing?.title === 'Long Request',
    );
    const started = capture.bytes().length / MP3_BYTES_PER_SECOND;
    // performance.now() of an epoch time.
    const clock = Date.now() - performance.now();
    const source = ffmpegSource(dj, 880);
    const show = await until('the show on air', async () => (await update()).live);
    expect(show).toMatchObject({ dj: dj.username, state: 'live' });
    const { firstAudioAt, onAirAt } = app.ctx.station.shows.lastSwitch!;
    // The DJ's tone in the MP3 output: where it begins, and when that byte reached a listener.
    const onset = await until('the DJ heard', async () =>
      onsetOf(await capture.decode(ffmpeg), 880, started),
    );
    const arrival = capture.arrivalOf(Math.floor(onset * MP3_BYTES_PER_SECOND))! + clock;
    const mp3Ms = arrival - firstAudioAt * 1000;
    console.log(
      `live switch-in: the DJ's first decoded audio to the MP3 listener ${mp3Ms.toFixed(0)} ms`,
    );
    // About 0.4-0.5 s on a quiet machine (bench/live-switch measures p95 against the 1 s
    // target); the bound leaves room for a suite running files side by side.
    expect(mp3Ms).toBeLessThan(2000);
    // The show starts, on the HLS program date-time clock, where its first byte is.
    expect(Math.abs(show.started_at - onAirAt)).toBeLessThan(0.01);
    // The request cut for the show waits at the head of the queue.
    const during = await update();
    expect(during.now_playing).toBeNull();
    expect(during.queue[0]).toMatchObject({ title: 'Long Request' });

    // A title the Icecast way, with the DJ's credentials, heard by an ICY listener.
    const icyBytes: Buffer[] = [];
    const icy = http.get(`${base}/stream/live.mp3`, { headers: { 'Icy-MetaData': '1' } }, (res) =>
      res.on('data', (d: Buffer) => icyBytes.push(d)),
    );
    await until('the ICY listener', () => icyBytes.length > 0 || undefined);
    const sentAt = performance.now();
    const meta = await fetch(
      `${base}/admin/metadata?mode=updinfo&mount=%2Flive&song=${encodeURIComponent('Purple Motion - Satellite One')}`,
      {
        headers: {
          authorization: `Basic ${Buffer.from(`${dj.username}:${dj.key}`).toString('base64')}`,
        },
      },
    );
    expect(meta.status).toBe(200);
    expect(await meta.text()).toContain('<return>1</return>');
    await until(
      'the title on air',
      async () => (await update()).live?.title === 'Purple Motion - Satellite One',
    );
    await until(
      'the ICY title',
      () =>
        parseIcy(Buffer.concat(icyBytes), ICY_METAINT).titles.some((t) =>
          t.title?.startsWith('Purple Motion - Satellite One'),
        ) || undefined,
    );
    const icyMs = performance.now() - sentAt;
    icy.destroy();
    console.log(
      `live title: in the ICY metadata ${icyMs.toFixed(0)} ms after the metadata request`,
    );
    // A metadata block follows every second of audio (icy-metaint 16000), the MP3 goes out in
    // one-second flushes: about two seconds and a half at most on a quiet machine.
    expect(icyMs).toBeLessThan(4000);

    // Another DJ while the first is live: 409 naming who is on air.
    const second = await rawSource(
      `SOURCE /live HTTP/1.0\r\n${basic(other.username, other.key)}\r\n\r\n`,
    );
    expect(second).toMatch(/^HTTP\/1\.0 409/);
    expect(second).toContain(dj.username);
    expect(source.exitCode).toBeNull();
  }, 60_000);

  it('holds the show through a drop, then the queue resumes with the cut request', async () => {
    const before = capture.bytes().length / MP3_BYTES_PER_SECOND;
    for (const c of clients) c.kill('SIGKILL');
    await until('stand-by', async () => (await update()).live?.state === 'standby', 8000);
    // After the grace (3 s) the show is over and the request plays again.
    await until(
      'the request back on air',
      async () => (await update()).now_playing?.title === 'Long Request',
      15_000,
    );
    const after = await update();
    expect(after.live).toBeNull();
    expect(after.shows[0]).toMatchObject({
      dj: dj.username,
      titles: [{ title: 'Purple Motion - Satellite One' }],
    });
    // The queue's tone reaches the capture a moment after the switch (the MP3 output's
    // flushes, and longer on a busy machine): wait for it rather than for a fixed time.
    // What was heard since the drop, said when the queue's tone never comes.
    let seen: unknown = null;
    const runs = await until(
      'the queue heard again',
      async () => {
        const all = (await heard()).filter((r) => r.to > before);
        seen = { all, bytes: capture.bytes().length, before };
        return all.some((r) => Math.abs(r.freq - 440) < 30) ? all : undefined;
      },
      15_000,
    ).catch((err: unknown) => {
      console.log(`heard after the drop: ${JSON.stringify(seen)}`);
      throw err;
    });
    // Never more than a short moment of silence between the DJ and the queue.
    const silent = runs.filter((r) => r.freq === 0 && r.from > before);
    expect(Math.max(0, ...silent.map((r) => r.to - r.from))).toBeLessThan(2);
    // The switch out: from the show's end to the queue's tone reaching an MP3 listener.
    const endedAt = app.ctx.station.shows.lastSwitchOut!;
    const clock = Date.now() - performance.now();
    const pcm = await capture.decode(ffmpeg);
    const back = onsetOf(pcm, 440, before + 1)!;
    const outMs =
      capture.arrivalOf(Math.floor(back * MP3_BYTES_PER_SECOND))! + clock - endedAt * 1000;
    console.log(
      `live switch-out: the show's end to the queue heard by the MP3 listener ${outMs.toFixed(0)} ms`,
    );
    expect(outMs).toBeLessThan(2500);
  }, 60_000);

  it('places the switch in HLS where the show starts on the program date-time clock', async () => {
    const show = (await update()).shows[0]!;
    // The segments around the show's start, with their program date-times.
    const playlist = await (await fetch(`${base}/stream/live.m3u8`)).text();
    const segments: { at: number; name: string }[] = [];
    let at: number | null = null;
    for (const line of playlist.split('\n')) {
      const date = /^#EXT-X-PROGRAM-DATE-TIME:(.+)$/.exec(line);
      if (date) at = Date.parse(date[1]!) / 1000;
      if (/^live-[a-z0-9]+-\d+\.ts$/.test(line) && at !== null) {
        segments.push({ at, name: line });
        at = null;
      }
    }
    const first = segments.findLastIndex((s) => s.at <= show.started_at - 0.5);
    expect(first).toBeGreaterThanOrEqual(0);
    const parts = segments.slice(first, first + 3);
    const bytes = await Promise.all(
      parts.map(async (s) =>
        Buffer.from(await (await fetch(`${base}/stream/${s.name}`)).arrayBuffer()),
      ),
    );
    const file = path.join(tempDir('queuecast-hls-'), 'around.ts');
    fs.writeFileSync(file, Buffer.concat(bytes));
    const pcm = await decodeMono(ffmpeg, file);
    const onset = onsetOf(pcm, 880, 0);
    expect(onset).not.toBeNull();
    const heardAt = parts[0]!.at + onset!;
    console.log(
      `live switch-in on the HLS clock: the DJ heard ${((heardAt - show.started_at) * 1000).toFixed(0)} ms from the show's start`,
    );
    expect(Math.abs(heardAt - show.started_at)).toBeLessThan(0.3);
  }, 30_000);

  it('records the show as broadcast, its titles as chapters; lists, serves and later deletes it', async () => {
    const list = await until('the recording listed', async () => {
      const res = await fetch(`${base}${API.liveRecordings.path()}`);
      const body = (await res.json()) as RecordingList;
      return body.recordings.length > 0 ? body.recordings : undefined;
    });
    const recording = list[0]!;
    expect(recording).toMatchObject({
      dj: dj.username,
      titles: [{ title: 'Purple Motion - Satellite One' }],
    });
    expect(recording.seconds).toBeGreaterThan(2);
    const res = await fetch(`${base}${recording.url}?download=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="show-\d+\.mp3"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(recording.bytes);
    const file = path.join(tempDir('queuecast-recording-'), 'show.mp3');
    fs.writeFileSync(file, bytes);
    // The chapters are the DJ's titles; the audio is the DJ's tone.
    const probe = await runProcess(app.ctx.media.tools.ffprobe, [
      ...['-v', 'error', '-show_chapters', '-of', 'json', file],
    ]);
    const chapters = (
      JSON.parse(probe.stdout.toString()) as { chapters: { tags?: { title?: string } }[] }
    ).chapters;
    expect(chapters.map((c) => c.tags?.title)).toContain('Purple Motion - Satellite One');
    const pcm = await decodeMono(ffmpeg, file);
    expect(onsetOf(pcm, 880, 0)).not.toBeNull();
    // A player seeking asks for ranges.
    const part = await fetch(`${base}${recording.url}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${recording.bytes}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));
    const past = await fetch(`${base}${recording.url}`, {
      headers: { range: `bytes=${recording.bytes}-` },
    });
    expect(past.status).toBe(416);
    // Past RECORDINGS_KEEP_DAYS (30) the file and the listing go.
    await app.ctx.db
      .updateTable('live_sessions')
      .set({ started_at: Date.now() / 1000 - 31 * 86_400 })
      .where('id', '=', recording.session_id)
      .execute();
    expect(await app.ctx.station.sweepRecordings()).toBe(1);
    expect((await fetch(`${base}${recording.url}`)).status).toBe(404);
    const after = (await (
      await fetch(`${base}${API.liveRecordings.path()}`)
    ).json()) as RecordingList;
    expect(after.recordings.map((r) => r.session_id)).not.toContain(recording.session_id);
    expect(fs.readdirSync(path.join(app.ctx.config.dataDir, 'recordings'))).toEqual([]);
  }, 30_000);

  it('takes a DJ who connects within a second of a track change, and loses no request', async () => {
    const [first, second] = await queueTones(app, [
      { title: 'Short One', artist: 'Edge', freq: 1000, seconds: 5 },
      { title: 'Short Two', artist: 'Edge', freq: 1200, seconds: 5 },
    ]);
    await app.ctx.db
      .updateTable('queue_entries')
      .set({ requested_by: listener.id })
      .where('song_id', 'in', [first!, second!])
      .execute();
    // Skip to the short ones, then wait for the last second of the first.
    await until('the short tone on air', async () => {
      const playing = (await update()).now_playing;
      if (playing?.id === first) return true;
      if (playing && playing.id !== second) app.ctx.station.skip();
      return undefined;
    });
    await until('the end of the short tone near', async () => {
      const playing = (await update()).now_playing;
      if (!playing || playing.id !== first) return undefined;
      const left = playing.start_time + playing.length - Date.now() / 1000;
      return left < 0.9 ? true : undefined;
    });
    const started = capture.bytes().length / MP3_BYTES_PER_SECOND;
    const clock = Date.now() - performance.now();
    // A tone far from the queue's, so that neither is taken for the other.
    ffmpegSource(dj, 2500);
    await until('the show on air', async () => (await update()).live?.state === 'live');
    const { firstAudioAt } = app.ctx.station.shows.lastSwitch!;
    const onset = await until('the DJ heard', async () =>
      onsetOf(await capture.decode(ffmpeg), 2500, started),
    );
    const mp3Ms =
      capture.arrivalOf(Math.floor(onset * MP3_BYTES_PER_SECOND))! + clock - firstAudioAt * 1000;
    console.log(`live switch-in at a track change: ${mp3Ms.toFixed(0)} ms`);
    expect(mp3Ms).toBeLessThan(2000);
    // Whichever short tone the show cut waits at the head of the queue; none is lost.
    const during = await update();
    const waiting = during.queue.map((q) => q.id);
    expect(waiting).toContain(second);
    for (const c of clients) c.kill('SIGKILL');
    await until('the show over', async () => (await update()).live === null, 15_000);
    const plays = await app.ctx.db
      .selectFrom('queue_entries')
      .select(['song_id', 'state'])
      .where('song_id', 'in', [first!, second!])
      .execute();
    expect(plays.every((p) => p.state !== 'skipped')).toBe(true);
  }, 60_000);

  it('a kicked DJ is dropped, the queue resumes, and the DJ is refused until the ban ends', async () => {
    ffmpegSource(dj, 880);
    await until('the show on air', async () => (await update()).live?.state === 'live');
    await kick(app, admin, 5);
    await until('the queue back', async () => (await update()).now_playing !== null, 10_000);
    const again = await rawSource(`SOURCE /live HTTP/1.0\r\n${basic(dj.username, dj.key)}\r\n\r\n`);
    expect(again).toMatch(/^HTTP\/1\.0 403/);
  }, 60_000);
});
