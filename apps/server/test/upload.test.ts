import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { SongDetail, UploadResult } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import type { BusEvent } from '../src/core/bus.js';
import { MEDIA_TEXT } from '../src/media/media-intake.js';
import { runProcess } from '../src/media/run-process.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { multipartBody, type FormEntry } from './helpers/multipart.js';
import { createTestApp } from './helpers/test-app.js';
import { decodesModules, protrackerModule } from './helpers/tracker-module.js';

/** Its upload limit is 1 MiB, small enough for a test file to go over it. */
let app: App;
let staff: { id: number; token: string };
let listener: { id: number; token: string };
let folder: string;
const events: BusEvent[] = [];
/** What a crash mid-upload long ago left in the temporary folder. */
let stalePart: string;

/** The generated files, by name, as bytes. */
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  app = await createTestApp({ env: { UPLOAD_MAX_MB: '1' } });
  fs.mkdirSync(app.ctx.services.uploads.tempDir, { recursive: true });
  stalePart = path.join(app.ctx.services.uploads.tempDir, 'crashed.part');
  fs.writeFileSync(stalePart, 'half a song');
  const twoDaysAgo = new Date(Date.now() - 2 * 86400 * 1000);
  fs.utimesSync(stalePart, twoDaysAgo, twoDaysAgo);
  app.ctx.bus.subscribe((e) => events.push(e));
  staff = await quickUser(app, 'helper');
  listener = await quickUser(app);
  const ffmpeg = app.ctx.media.tools.ffmpeg;
  folder = tempDir('queuecast-upload-');
  const tones: [string, Parameters<typeof makeTone>[2]][] = [
    ['tone.mp3', { seconds: 3, freq: 440 }],
    ['tone.ogg', { seconds: 4, freq: 330 }],
    ['tone.opus', { seconds: 2, freq: 550 }],
    ['tone.flac', { seconds: 2, freq: 660 }],
    ['tone.wav', { seconds: 2, freq: 770 }],
    ['long.mp3', { seconds: 6, freq: 880 }],
    ['listener.mp3', { seconds: 2, freq: 990 }],
    ['first.wav', { seconds: 1, freq: 1100 }],
    ['big.wav', { seconds: 15, freq: 220 }],
  ];
  for (const [name, options] of tones) {
    files[name] = fs.readFileSync(await makeTone(ffmpeg, path.join(folder, name), options));
  }
  const png = path.join(folder, 'red.png');
  const picture = ['-f', 'lavfi', '-i', 'color=c=red:s=32x32', '-frames:v', '1'];
  const made = await runProcess(ffmpeg, ['-hide_banner', '-y', ...picture, png]);
  if (made.code !== 0) throw new Error(made.stderr);
  files['red.png'] = fs.readFileSync(png);
});

const upload = (entries: FormEntry[], token: string | null = staff.token) => {
  const { payload, headers } = multipartBody(entries);
  return app.inject({
    method: 'POST',
    url: '/api/song/upload',
    payload,
    headers: { ...headers, ...(token ? bearer(token) : {}) },
  });
};

const fileEntry = (name: string, content: Buffer, type = 'audio/mpeg'): FormEntry => ({
  name: 'file',
  filename: name,
  content,
  type,
});
const songEntry = (id: number | string): FormEntry => ({ name: 'songid', value: String(id) });

const count = async (table: 'files' | 'songs') =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const listDir = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
        .sort()
    : [];

/** What an upload can leave behind: rows, stored files, temporary files. */
const snapshot = async () => ({
  files: await count('files'),
  media: listDir(app.ctx.media.store.root),
  temp: listDir(app.ctx.services.uploads.tempDir),
});

/** Answers `status` with `error`, and leaves the library exactly as it was. */
async function expectRefused(
  entries: FormEntry[],
  status: number,
  error: string,
  token: string | null = staff.token,
) {
  const before = await snapshot();
  const res = await upload(entries, token);
  expect(res.json<{ error: string }>().error).toBe(error);
  expect(res.statusCode).toBe(status);
  const after = await snapshot();
  expect(after).toEqual(before);
  expect(after.temp).toEqual([]);
}

const detail = async (songId: number) =>
  (await app.inject({ url: `/api/song/${songId}` })).json<SongDetail>().song;

const requestSong = (songId: number, token: string) =>
  app.inject({ method: 'POST', url: `/api/song/${songId}`, headers: bearer(token) });

const fileRow = (id: number) =>
  app.ctx.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const sha256 = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

/** Accepted from staff: the song plays now and can be requested; the file is stored by hash. */
async function expectPlayable(
  res: Awaited<ReturnType<typeof upload>>,
  songId: number,
  content: Buffer,
  ext: string,
  seconds: number,
) {
  expect(res.statusCode, res.body).toBe(200);
  const result = res.json<UploadResult>();
  expect(result).toMatchObject({ success: true, song_id: songId, status: 'active' });
  expect(result.duration).toBeGreaterThan(seconds - 0.15);
  expect(result.duration).toBeLessThan(seconds + 0.15);
  const row = await fileRow(result.file_id);
  const hash = sha256(content);
  expect(row).toMatchObject({
    song_id: songId,
    size: content.length,
    content_hash: hash,
    stored_path: path.join(hash.slice(0, 2), `${hash}${ext}`),
    uploaded_by: staff.id,
    pending: 0,
  });
  expect(fs.readFileSync(app.ctx.media.store.absolute(row.stored_path)).equals(content)).toBe(true);
  const song = await detail(songId);
  expect(song).toMatchObject({ status: 'active', has_file: true });
  expect(Math.abs(song.length - seconds)).toBeLessThan(0.6);
  const queued = await requestSong(songId, (await quickUser(app)).token);
  expect(queued.statusCode, queued.body).toBe(200);
  expect(listDir(app.ctx.services.uploads.tempDir)).toEqual([]);
  return row;
}

describe('POST /api/song/upload accepts audio', () => {
  it('an MP3 from staff: stored under its hash, the song plays, is requestable and is news', async () => {
    expect(fs.existsSync(stalePart)).toBe(true);
    const songId = await createSong(app);
    const res = await upload([songEntry(songId), fileEntry('tone.mp3', files['tone.mp3']!)]);
    const row = await expectPlayable(res, songId, files['tone.mp3']!, '.mp3', 3);
    expect(row).toMatchObject({ filename: 'tone.mp3', format: 'mp3' });
    const song = await app.ctx.db
      .selectFrom('songs')
      .select(['loudness_lufs', 'loudness_gain'])
      .where('id', '=', songId)
      .executeTakeFirstOrThrow();
    expect(song.loudness_lufs).toBeLessThan(0);
    expect(song.loudness_gain).not.toBeNull();
    expect(events).toContainEqual({ type: 'feed.added', kind: 'new_song', id: songId });
    // The first upload clears what a crash left behind a day or more ago.
    expect(fs.existsSync(stalePart)).toBe(false);
  });

  it('the file part before songid; the extension comes from the content, not the name', async () => {
    const cases: [string, string, number, string][] = [
      ['tone.ogg', '.ogg', 4, 'vorbis'],
      ['tone.opus', '.opus', 2, 'opus'],
      ['tone.flac', '.flac', 2, 'flac'],
      ['tone.wav', '.wav', 2, 'pcm_s16le'],
    ];
    for (const [name, ext, seconds, format] of cases) {
      const songId = await createSong(app);
      // Every one is named and typed as an MP3: only what ffmpeg finds counts.
      const res = await upload([
        fileEntry(`C:\\fakepath\\My ${name}.mp3`, files[name]!),
        songEntry(songId),
      ]);
      const row = await expectPlayable(res, songId, files[name]!, ext, seconds);
      expect(row.filename).toBe(`My ${name}.mp3`);
      expect(row.format).toBe(format);
    }
  });

  it('the first half of an MP3 decodes: accepted, as long as what is there', async () => {
    const songId = await createSong(app);
    const full = files['long.mp3']!;
    const half = full.subarray(0, Math.floor(full.length / 2));
    const res = await upload([songEntry(songId), fileEntry('half.mp3', half)]);
    await expectPlayable(res, songId, half, '.mp3', 3);
  });

  it('a tracker module plays where ffmpeg has libopenmpt, and is refused where it has not', async () => {
    const songId = await createSong(app);
    const mod = protrackerModule();
    const entries = [songEntry(songId), fileEntry('tune.mod', mod, 'audio/x-mod')];
    if (await decodesModules(app.ctx.media.tools.ffmpeg)) {
      await expectPlayable(await upload(entries), songId, mod, '.mod', 3.84);
    } else {
      await expectRefused(entries, 400, 'The file is not audio that the station can play.');
    }
  });

  it("a listener's file waits for review: the song is not playable nor requestable", async () => {
    const songId = await createSong(app);
    const res = await upload(
      [songEntry(songId), fileEntry('mine.mp3', files['listener.mp3']!)],
      listener.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<UploadResult>();
    expect(result).toMatchObject({ success: true, song_id: songId, status: 'review' });
    expect(await fileRow(result.file_id)).toMatchObject({ pending: 1, uploaded_by: listener.id });
    expect((await detail(songId)).status).toBe('review');
    expect((await requestSong(songId, staff.token)).statusCode).toBe(409);
    expect(events).not.toContainEqual({ type: 'feed.added', kind: 'new_song', id: songId });
    // Pending or not, the song has a file now.
    await expectRefused(
      [songEntry(songId), fileEntry('other.mp3', files['tone.wav']!)],
      409,
      'This song already has a file.',
    );
  });
});

describe('POST /api/song/upload refuses, and leaves nothing behind', () => {
  const NOT_AUDIO = 'The file is not audio that the station can play.';

  it('401 anonymous', async () => {
    const songId = await createSong(app);
    await expectRefused(
      [songEntry(songId), fileEntry('tone.mp3', files['tone.wav']!)],
      401,
      'You must be logged in.',
      null,
    );
  });

  it('what is not audio, whatever its name: text, a picture, an MP3 cut to its tag 415; a broken FLAC 400', async () => {
    const songId = await createSong(app);
    const mp3Header = files['tone.mp3']!.subarray(0, 200);
    for (const content of [Buffer.from('not music at all\n'), files['red.png']!, mp3Header]) {
      await expectRefused(
        [songEntry(songId), fileEntry('song.mp3', content)],
        415,
        MEDIA_TEXT.unsupported,
      );
    }
    const brokenFlac = Buffer.concat([Buffer.from('fLaC'), crypto.randomBytes(4000)]);
    await expectRefused([songEntry(songId), fileEntry('song.flac', brokenFlac)], 400, NOT_AUDIO);
    expect((await detail(songId)).status).toBe('missing_file');
  });

  it('an empty file, no file at all, and a form with no file chosen', async () => {
    const songId = await createSong(app);
    await expectRefused(
      [songEntry(songId), fileEntry('empty.mp3', Buffer.alloc(0))],
      400,
      'The file is empty.',
    );
    await expectRefused([songEntry(songId)], 400, 'Please select a file to upload.');
    await expectRefused(
      [songEntry(songId), fileEntry('', Buffer.alloc(0), 'application/octet-stream')],
      400,
      'Please select a file to upload.',
    );
  });

  it('a missing or invalid songid, an unknown song (before or after the file)', async () => {
    const file = fileEntry('tone.wav', files['tone.wav']!);
    await expectRefused([file], 400, 'songid is required.');
    for (const bad of ['abc', '0', '-4', '1.5', '99999999999']) {
      await expectRefused([file, songEntry(bad)], 400, 'songid must be a positive whole number.');
    }
    await expectRefused([songEntry(987654), file], 404, 'Song not found.');
    await expectRefused([file, songEntry(987654)], 404, 'Song not found.');
  });

  it('a song that has a file, and a file the library has already (before or after)', async () => {
    const songId = await createSong(app);
    const first = await upload([songEntry(songId), fileEntry('first.wav', files['first.wav']!)]);
    expect(first.statusCode, first.body).toBe(200);
    const file = fileEntry('tone.wav', files['tone.wav']!);
    await expectRefused([songEntry(songId), file], 409, 'This song already has a file.');
    await expectRefused([file, songEntry(songId)], 409, 'This song already has a file.');

    const other = await createSong(app);
    const stored = await app.ctx.db
      .selectFrom('files')
      .select('id')
      .where('content_hash', '=', sha256(files['tone.mp3']!))
      .executeTakeFirstOrThrow();
    await expectRefused(
      [songEntry(other), fileEntry('again.mp3', files['tone.mp3']!)],
      409,
      `This file is already in the library (file ${stored.id}).`,
    );
    expect((await detail(other)).status).toBe('missing_file');
  });

  it('a file over the limit: 413 with the limit in words', async () => {
    const songId = await createSong(app);
    expect(files['big.wav']!.length).toBeGreaterThan(1024 * 1024);
    for (const order of ['songid first', 'file first']) {
      const parts = [songEntry(songId), fileEntry('big.wav', files['big.wav']!)];
      await expectRefused(
        order === 'songid first' ? parts : parts.reverse(),
        413,
        'The file is larger than the 1 MiB limit.',
      );
    }
  });

  it('two files, and a body that is not a multipart form', async () => {
    const songId = await createSong(app);
    await expectRefused(
      [
        songEntry(songId),
        fileEntry('a.wav', files['tone.wav']!),
        fileEntry('b.mp3', files['listener.mp3']!),
      ],
      400,
      'Send one file at a time.',
    );
    const notForm = 'Send the file as multipart/form-data, with the fields file and songid.';
    for (const [type, payload] of [
      ['application/json', JSON.stringify({ songid: songId })],
      ['audio/mpeg', files['tone.wav']!],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/song/upload',
        headers: { 'content-type': type, ...bearer(staff.token) },
        payload,
      });
      expect(res.statusCode).toBe(415);
      expect(res.json<{ error: string }>().error).toBe(notForm);
    }
    const broken = multipartBody([songEntry(songId), fileEntry('a.wav', files['tone.wav']!)]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/song/upload',
      headers: { ...broken.headers, ...bearer(staff.token) },
      payload: broken.payload.subarray(0, broken.payload.length - 300),
    });
    expect(res.statusCode).toBe(400);
    expect(listDir(app.ctx.services.uploads.tempDir)).toEqual([]);
  });

  it('a client that goes away mid-upload leaves no temporary file', async () => {
    const songId = await createSong(app);
    const before = await snapshot();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const boundary = 'queuecastgone';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="songid"\r\n\r\n${songId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="gone.wav"\r\n` +
      'Content-Type: audio/wav\r\n\r\n';
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    socket.write(
      'POST /api/song/upload HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${staff.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${50 * 1024 * 1024}\r\n\r\n${head}`,
    );
    socket.write(files['big.wav']!.subarray(0, 512 * 1024));
    const tempDirectory = app.ctx.services.uploads.tempDir;
    const waitFor = async (ok: () => boolean, what: string) => {
      const deadline = Date.now() + 5000;
      while (!ok()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await waitFor(() => listDir(tempDirectory).length === 1, 'the temporary file');
    socket.destroy();
    await waitFor(() => listDir(tempDirectory).length === 0, 'the temporary file to go');
    expect(await snapshot()).toEqual(before);
    expect((await detail(songId)).status).toBe('missing_file');
  });
});
