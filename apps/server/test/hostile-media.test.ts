import fs from 'node:fs';
import path from 'node:path';
import type { SongDetail } from '@queuecast/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { MEDIA_TEXT } from '../src/media/media-intake.js';
import { runProcess } from '../src/media/run-process.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { makeToneWithPicture } from './helpers/cover-art.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import {
  dashManifest,
  ffconcat,
  flacOfSilence,
  flacWithHugeBlocks,
  hlsPlaylist,
  httpTrap,
  id3Header,
  sdp,
  wavOfSilence,
} from './helpers/hostile-media.js';
import { connect, listening } from './helpers/live-clients.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestApp } from './helpers/test-app.js';

/*
 * Files a hostile listener uploads instead of music, on either engine: each is refused before
 * ffmpeg opens it, or bounded. A local HTTP server stands where ffmpeg would fetch a URL; it must
 * see no request. The server's memory with a 180 MB tag is checked in hostile-media-memory.test.
 */

let app: App;
let listener: { id: number; token: string };
let folder: string;
let trap: Awaited<ReturnType<typeof httpTrap>>;
/** Real audio on this machine's disk, which a playlist must not make the station play. */
let secretMp3: string;
let tone: Buffer;

beforeAll(async () => {
  app = await createTestApp({ env: { UPLOAD_MAX_MB: '64' } });
  listener = await quickUser(app);
  folder = tempDir('queuecast-hostile-');
  trap = await httpTrap();
  const ffmpeg = app.ctx.media.tools.ffmpeg;
  secretMp3 = await makeTone(ffmpeg, path.join(folder, 'secret', 'private.mp3'), {
    seconds: 4,
    freq: 500,
  });
  tone = fs.readFileSync(await makeTone(ffmpeg, path.join(folder, 'tone.flac'), { seconds: 2 }));
});
afterAll(() => trap.close());

const upload = (content: Buffer, filename: string, songId: number, token = listener.token) => {
  const { payload, headers } = multipartBody([
    { name: 'songid', value: String(songId) },
    { name: 'file', filename, content, type: 'audio/mpeg' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/song/upload',
    payload,
    headers: { ...headers, ...bearer(token) },
  });
};

const song = async (id: number) =>
  (await app.inject({ url: `/api/song/${id}`, headers: bearer(listener.token) })).json<SongDetail>()
    .song;

const fileRows = async () =>
  Number(
    (
      await app.ctx.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Everything a crafted text file can ask ffmpeg to open (made once the trap listens). */
const FOLLOWERS: [string, () => Buffer][] = [
  ['an HLS playlist of a file on the server', () => hlsPlaylist(`file://${secretMp3}`)],
  ['an HLS playlist of an internal URL', () => hlsPlaylist(`${trap.url}/segment.mp3`)],
  ['a DASH manifest of an internal URL', () => dashManifest(`${trap.url}/audio.mp4`)],
  ['an ffconcat list of a file on the server', () => ffconcat(secretMp3)],
  ['an SDP description', () => sdp(trap.port)],
  [
    'an HLS playlist behind an ID3 tag',
    () => Buffer.concat([id3Header(16), Buffer.alloc(16), hlsPlaylist(`${trap.url}/t.mp3`)]),
  ],
];

describe('only audio containers are opened', () => {
  it.each(FOLLOWERS)('%s named .mp3 or .flac: 415, and nothing is fetched', async (_, body) => {
    for (const name of ['song.mp3', 'song.flac']) {
      const songId = await createSong(app);
      const before = await fileRows();
      const res = await upload(body(), name, songId);
      expect(res.statusCode, res.body).toBe(415);
      expect(JSON.parse(res.body).error).toBe(MEDIA_TEXT.unsupported);
      expect(await fileRows()).toBe(before);
      expect((await song(songId)).status).toBe('missing_file');
    }
    expect(trap.hits()).toBe(0);
  });

  it('pictures named .mp3 and .flac: 415', async () => {
    const ffmpeg = app.ctx.media.tools.ffmpeg;
    for (const [codec, ext] of [
      ['png', 'png'],
      ['mjpeg', 'jpg'],
    ]) {
      const picture = path.join(folder, `picture.${ext}`);
      const made = await runProcess(ffmpeg, [
        ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=64x64'],
        ...['-frames:v', '1', '-c:v', codec!, picture],
      ]);
      expect(made.code, made.stderr).toBe(0);
      for (const name of ['cover.mp3', 'cover.flac']) {
        const res = await upload(fs.readFileSync(picture), name, await createSong(app));
        expect(res.statusCode, res.body).toBe(415);
      }
    }
  });

  it('the same files in an imported folder are reported and skipped, nothing fetched', async () => {
    const dir = path.join(folder, 'import');
    fs.mkdirSync(dir, { recursive: true });
    FOLLOWERS.forEach(([, body], i) =>
      fs.writeFileSync(path.join(dir, `crafted-${i}.mp3`), body()),
    );
    const report = await app.ctx.services.import.importFolder(dir);
    expect(report.added).toBe(0);
    expect(report.failed).toHaveLength(FOLLOWERS.length);
    for (const failure of report.failed) expect(failure.reason).toBe(MEDIA_TEXT.unsupported);
    expect(trap.hits()).toBe(0);
  });
});

describe('audio over the limits is refused before it costs', () => {
  it('a decode bomb that says its length (an hour at 192 kHz in 8 channels): refused at once', async () => {
    const bomb = flacOfSilence({ seconds: 3600, sampleRate: 192_000, channels: 8 });
    expect(bomb.length).toBeLessThan(400 * 1024);
    const started = Date.now();
    const res = await upload(bomb, 'silence.flac', await createSong(app));
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toBe('The song is longer than 30 minutes.');
    // Its headers are read, its hour is not decoded (that takes over a minute of CPU).
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a bomb that hides its length is decoded no further than the limit', async () => {
    const short = await createTestApp({ env: { MEDIA_MAX_MINUTES: '1' } });
    const user = await quickUser(short);
    const bomb = flacOfSilence({
      seconds: 600,
      sampleRate: 192_000,
      channels: 8,
      declareLength: false,
    });
    const { payload, headers } = multipartBody([
      { name: 'songid', value: String(await createSong(short)) },
      { name: 'file', filename: 'silence.flac', content: bomb },
    ]);
    const res = await short.inject({
      method: 'POST',
      url: '/api/song/upload',
      payload,
      headers: { ...headers, ...bearer(user.token) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toBe('The song is longer than 1 minute.');
  });

  it('decoding that takes more CPU than allowed is stopped and refused', async () => {
    const limited = await createTestApp({
      env: { MEDIA_MAX_MINUTES: '120', ANALYSIS_CPU_S: '5' },
    });
    const user = await quickUser(limited);
    // Some 16 CPU seconds to decode here, hidden length: only the CPU limit stops it.
    const bomb = flacOfSilence({
      seconds: 3600,
      sampleRate: 192_000,
      channels: 8,
      declareLength: false,
    });
    const { payload, headers } = multipartBody([
      { name: 'songid', value: String(await createSong(limited)) },
      { name: 'file', filename: 'silence.flac', content: bomb },
    ]);
    const started = Date.now();
    const res = await limited.inject({
      method: 'POST',
      url: '/api/song/upload',
      payload,
      headers: { ...headers, ...bearer(user.token) },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toBe('The file takes too much work to decode.');
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('sample rates over 192 kHz and more than 8 channels: refused from the headers', async () => {
    const fast = flacOfSilence({ seconds: 5, sampleRate: 384_000, channels: 2 });
    let res = await upload(fast, 'fast.flac', await createSong(app));
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toBe(MEDIA_TEXT.sampleRate);
    res = await upload(wavOfSilence(12), 'wide.wav', await createSong(app));
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toBe(MEDIA_TEXT.channels);
  });
});

describe('tags and covers within budgets', () => {
  it('a 64-megapixel cover is not decoded: the song is taken without art', async () => {
    const ffmpeg = app.ctx.media.tools.ffmpeg;
    const png = path.join(folder, 'huge.png');
    const made = await runProcess(ffmpeg, [
      ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=blue:s=8000x8000'],
      ...['-frames:v', '1', '-c:v', 'png', '-compression_level', '1', png],
    ]);
    expect(made.code, made.stderr).toBe(0);
    const file = await makeToneWithPicture(ffmpeg, path.join(folder, 'huge-cover.mp3'), {
      title: 'Huge Cover',
      picture: fs.readFileSync(png),
      mime: 'image/png',
    });
    const artBefore = fs.existsSync(app.ctx.media.art.root)
      ? fs.readdirSync(app.ctx.media.art.root, { recursive: true }).length
      : 0;
    const songId = await createSong(app);
    const res = await upload(fs.readFileSync(file), 'huge-cover.mp3', songId);
    expect(res.statusCode, res.body).toBe(200);
    const row = await app.ctx.db
      .selectFrom('songs')
      .select('cover_art')
      .where('id', '=', songId)
      .executeTakeFirstOrThrow();
    expect(row.cover_art).toBeNull();
    const artAfter = fs.existsSync(app.ctx.media.art.root)
      ? fs.readdirSync(app.ctx.media.art.root, { recursive: true }).length
      : 0;
    expect(artAfter).toBe(artBefore);
  });

  it('FLAC metadata over the budget is dropped: the audio is stored without it', async () => {
    const bloated = flacWithHugeBlocks(tone, 2);
    expect(bloated.length).toBeGreaterThan(32 * 1024 * 1024);
    const songId = await createSong(app);
    const res = await upload(bloated, 'bloated.flac', songId);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await app.ctx.db
      .selectFrom('files')
      .select(['stored_path', 'size'])
      .where('song_id', '=', songId)
      .executeTakeFirstOrThrow();
    const onDisk = fs.statSync(app.ctx.media.store.absolute(stored.stored_path)).size;
    expect(onDisk).toBeLessThanOrEqual(tone.length);
    expect((await song(songId)).status).toBe('review');
    // What is stored still decodes, as the station will play it.
    const decoded = await runProcess(app.ctx.media.tools.ffmpeg, [
      ...['-v', 'error', '-f', 'flac', '-i', app.ctx.media.store.absolute(stored.stored_path)],
      ...['-f', 'null', '-'],
    ]);
    expect(decoded.code, decoded.stderr).toBe(0);
  });

  it('a WAV with 30 MB of chunks besides its audio is refused, unread', async () => {
    const res = await upload(
      wavOfSilence(2, { id: 'LIST', bytes: 30 * 1024 * 1024 }),
      'chunky.wav',
      await createSong(app),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(JSON.parse(res.body).error).toBe(MEDIA_TEXT.tags);
  });
});

describe('the analysis queue', () => {
  it('uploads wait their turn, and each uploader is told where theirs stands', async () => {
    const { app: queued, url } = await listening({ ANALYSIS_CONCURRENCY: '1' });
    const [ann, bob] = [await quickUser(queued), await quickUser(queued)];
    const sockets = await Promise.all([connect(url), connect(url)]);
    for (const [i, user] of [ann, bob].entries()) {
      sockets[i]!.ws.send(JSON.stringify({ type: 'auth', token: user.token }));
    }
    const statusOf = (i: number) =>
      sockets[i]!.frames.flatMap((f) => {
        const m = JSON.parse(f) as Record<string, unknown>;
        return m.type === 'upload_status' ? [m] : [];
      });
    await waitUntil(() =>
      sockets.every((s) => s.frames.some((f) => f.includes('"type":"session"'))),
    );
    // Twenty minutes each: long enough to decode that the second arrives while the first runs.
    const body = (seconds: number) => flacOfSilence({ seconds, sampleRate: 44_100, channels: 2 });
    const songs = [await createSong(queued), await createSong(queued)];
    const send = (i: number, content: Buffer, token: string) => {
      const { payload, headers } = multipartBody([
        { name: 'songid', value: String(songs[i]) },
        { name: 'file', filename: `long-${i}.flac`, content },
      ]);
      return queued.inject({
        method: 'POST',
        url: '/api/song/upload',
        payload,
        headers: { ...headers, ...bearer(token) },
      });
    };
    const results = await Promise.all([
      send(0, body(1200), ann.token),
      send(1, body(1201), bob.token),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    await waitUntil(() => statusOf(0).length + statusOf(1).length >= 3);
    const all = [statusOf(0), statusOf(1)];
    // Each socket hears only of its own user's upload.
    all.forEach((statuses, i) => statuses.forEach((s) => expect(s.song_id).toBe(songs[i])));
    const waited = all.find((statuses) => statuses[0]?.state === 'queued')!;
    expect(waited.map((s) => [s.state, s.position])).toEqual([
      ['queued', 1],
      ['analysing', undefined],
    ]);
    const other = all.find((statuses) => statuses !== waited)!;
    expect(other.map((s) => s.state)).toEqual(['analysing']);
    sockets.forEach((s) => s.ws.close());
  }, 30_000);
});

async function waitUntil(ok: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('names read from files', () => {
  it('an import keeps no hidden formatting from a file name or its tags', async () => {
    const ffmpeg = app.ctx.media.tools.ffmpeg;
    const dir = path.join(folder, 'names');
    await makeTone(ffmpeg, path.join(dir, 'evil\u202egpj.mp3'), { freq: 610, seconds: 1 });
    await makeTone(ffmpeg, path.join(dir, 'tagged.mp3'), {
      freq: 620,
      seconds: 1,
      tags: { title: 'Zero\u200bWidth\u2066Title', artist: 'Over\u202eride' },
    });
    const report = await app.ctx.services.import.importFolder(dir);
    expect(report.failed).toEqual([]);
    const songs = await app.ctx.db
      .selectFrom('songs')
      .select('title')
      .where(
        'id',
        'in',
        report.outcomes.flatMap((o) => (o.status === 'added' ? [o.songId] : [])),
      )
      .execute();
    expect(songs.map((s) => s.title).sort()).toEqual(['ZeroWidthTitle', 'evilgpj']);
    const artist = await app.ctx.db
      .selectFrom('artists')
      .select('name')
      .where('name', 'like', 'Over%')
      .executeTakeFirstOrThrow();
    expect(artist.name).toBe('Override');
  });
});
