import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { SearchResult, SongDetail, UploadResult } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { runProcess } from '../src/media/run-process.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { extractPicture, makeToneWithArt, makeToneWithPicture } from './helpers/cover-art.js';
import { bearer, createSong, quickUser } from './helpers/factories.js';
import { multipartBody } from './helpers/multipart.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
let folder: string;
let ffmpeg: string;
/** Song ids by the imported file's name. */
const songs: Record<string, number> = {};

/** A PNG that claims 30000 × 30000 pixels: a valid header, no image data worth the name. */
function hugePng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30000, 0);
  ihdr.writeUInt32BE(30000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(4096))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  app = await createTestApp();
  ffmpeg = app.ctx.media.tools.ffmpeg;
  folder = tempDir('queuecast-art-');
  await Promise.all([
    makeToneWithArt(ffmpeg, path.join(folder, 'red.mp3'), {
      color: 'red',
      size: '600x600',
      tags: { title: 'Red Cover' },
    }),
    makeToneWithArt(ffmpeg, path.join(folder, 'blue.flac'), {
      color: 'blue',
      size: '300x200',
      freq: 550,
      tags: { title: 'Blue Cover' },
    }),
    makeTone(ffmpeg, path.join(folder, 'plain.ogg'), {
      freq: 330,
      tags: { title: 'plain old tune' },
    }),
    makeToneWithPicture(ffmpeg, path.join(folder, 'broken.mp3'), {
      title: 'Broken Cover',
      picture: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(3000)]),
      freq: 660,
    }),
    makeToneWithPicture(ffmpeg, path.join(folder, 'huge.mp3'), {
      title: 'Huge Cover',
      picture: hugePng(),
      mime: 'image/png',
      freq: 770,
    }),
  ]);
  const report = await app.ctx.services.import.importFolder(folder);
  expect(report.failed).toEqual([]);
  for (const outcome of report.outcomes) {
    if (outcome.status === 'added') songs[path.basename(outcome.file)] = outcome.songId;
  }
});

const get = (url: string) => app.inject({ method: 'GET', url });
const detail = async (id: number) => (await get(`/api/song/${id}`)).json<SongDetail>().song;

/** Width, height and codec of an image, by ffprobe (ffmpeg's report where there is none). */
async function probe(image: Buffer): Promise<{ width: number; height: number; codec: string }> {
  const file = path.join(folder, `probe-${crypto.randomBytes(4).toString('hex')}`);
  fs.writeFileSync(file, image);
  const ffprobe = app.ctx.media.tools.ffprobe ?? '/usr/bin/ffprobe';
  const result = await runProcess(ffprobe, [
    ...['-v', 'error', '-show_entries', 'stream=width,height,codec_name', '-of', 'json', file],
  ]);
  const stream = (
    JSON.parse(result.stdout.toString()) as {
      streams: { width: number; height: number; codec_name: string }[];
    }
  ).streams[0]!;
  return { width: stream.width, height: stream.height, codec: stream.codec_name };
}

const ART_URL = /^\/api\/art\/([0-9a-f]{64})\.(jpg|png)$/;

describe('cover art from imported files', () => {
  it('imports every file, with or without usable art', () => {
    expect(Object.keys(songs).sort()).toEqual([
      'blue.flac',
      'broken.mp3',
      'huge.mp3',
      'plain.ogg',
      'red.mp3',
    ]);
  });

  it('serves the embedded JPEG as it was, content-addressed and cached for a year', async () => {
    const song = await detail(songs['red.mp3']!);
    const match = ART_URL.exec(song.cover_art_url ?? '');
    expect(match, song.cover_art_url ?? 'null').not.toBeNull();
    expect(match![2]).toBe('jpg');
    const res = await get(song.cover_art_url!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const embedded = await extractPicture(
      ffmpeg,
      path.join(folder, 'red.mp3'),
      path.join(folder, 'red-picture.jpg'),
    );
    expect(res.rawPayload.equals(embedded)).toBe(true);
    expect(crypto.createHash('sha256').update(res.rawPayload).digest('hex')).toBe(match![1]);
    expect(await probe(res.rawPayload)).toEqual({ width: 600, height: 600, codec: 'mjpeg' });
  });

  it('serves 96 and 512 pixel square JPEGs made at import', async () => {
    for (const name of ['red.mp3', 'blue.flac']) {
      const url = (await detail(songs[name]!)).cover_art_url!;
      for (const size of [96, 512]) {
        const res = await get(`${url}?size=${size}`);
        expect(res.statusCode, `${name} ${size}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(await probe(res.rawPayload)).toEqual({ width: size, height: size, codec: 'mjpeg' });
      }
    }
  });

  it('keeps a FLAC picture as PNG', async () => {
    const url = (await detail(songs['blue.flac']!)).cover_art_url!;
    expect(ART_URL.exec(url)?.[2]).toBe('png');
    const res = await get(url);
    expect(res.headers['content-type']).toBe('image/png');
    const embedded = await extractPicture(
      ffmpeg,
      path.join(folder, 'blue.flac'),
      path.join(folder, 'blue-picture.png'),
    );
    expect(res.rawPayload.equals(embedded)).toBe(true);
    expect(await probe(res.rawPayload)).toEqual({ width: 300, height: 200, codec: 'png' });
  });

  it('gives files without usable art the drawn placeholder', async () => {
    for (const name of ['plain.ogg', 'broken.mp3', 'huge.mp3']) {
      const id = songs[name]!;
      const song = await detail(id);
      expect(song.cover_art_url, name).toBe(`/api/art/placeholder/${id}.svg`);
      const res = await get(`${song.cover_art_url}?size=96`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.body).toMatch(
        /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="96" height="96"/,
      );
    }
    expect((await get(`/api/art/placeholder/${songs['plain.ogg']!}.svg`)).body).toContain(
      '>PO</text>',
    );
  });

  it('stores only pictures that decoded, with no temporary files left', () => {
    const stored = fs.readdirSync(app.ctx.media.art.root, { recursive: true }).map(String);
    const files = stored
      .filter((f) => /\.(jpg|png|gif|webp|tmp)$/.test(f))
      .map((f) => path.basename(f));
    expect(files).toHaveLength(6);
    expect(files.filter((f) => f.endsWith('-96.jpg'))).toHaveLength(2);
    expect(files.filter((f) => f.endsWith('-512.jpg'))).toHaveLength(2);
  });

  it('sets the art URL on list views too', async () => {
    const res = await get('/api/search?q=cover');
    const found = res.json<SearchResult>().songs.map((e) => e.song);
    expect(found.map((s) => s.title).sort()).toEqual([
      'Blue Cover',
      'Broken Cover',
      'Huge Cover',
      'Red Cover',
    ]);
    for (const song of found) {
      expect(song.cover_art_url).toBe((await detail(song.id)).cover_art_url);
    }
  });
});

describe('one picture, several songs', () => {
  it('stores a picture once, whichever songs carry it', async () => {
    const again = tempDir('queuecast-art-again-');
    await makeToneWithArt(ffmpeg, path.join(again, 'red-again.mp3'), {
      color: 'red',
      size: '600x600',
      freq: 1234,
      tags: { title: 'Red Again' },
    });
    const before = fs.readdirSync(app.ctx.media.art.root, { recursive: true }).length;
    const report = await app.ctx.services.import.importFolder(again);
    const outcome = report.outcomes[0]!;
    expect(outcome.status).toBe('added');
    const id = outcome.status === 'added' ? outcome.songId : 0;
    expect((await detail(id)).cover_art_url).toBe((await detail(songs['red.mp3']!)).cover_art_url);
    expect(fs.readdirSync(app.ctx.media.art.root, { recursive: true })).toHaveLength(before);
  });
});

describe('the art routes refuse bad requests', () => {
  it('400 for a malformed name or size, 404 for an unknown picture or song', async () => {
    const url = (await detail(songs['red.mp3']!)).cover_art_url!;
    const cases: [string, number][] = [
      [`${url}?size=100`, 400],
      [`${url}?size=big`, 400],
      ['/api/art/..%2F..%2Fetc%2Fpasswd', 400],
      ['/api/art/abc.jpg', 400],
      [`/api/art/${'0'.repeat(64)}.jpg`, 404],
      [`/api/art/${'0'.repeat(64)}.jpg?size=96`, 404],
      // The right hash under another type is not that picture.
      [url.replace('.jpg', '.png'), 404],
      [`${url.replace('.jpg', '.png')}?size=96`, 404],
      ['/api/art/placeholder/999999.svg', 404],
      ['/api/art/placeholder/abc.svg', 400],
      [`/api/art/placeholder/${songs['plain.ogg']!}.svg?size=0`, 400],
    ];
    for (const [target, status] of cases) {
      const res = await get(target);
      expect(res.statusCode, target).toBe(status);
      expect(typeof res.json<{ error: string }>().error, target).toBe('string');
    }
  });

  it('draws a title as escaped text, never as markup', async () => {
    const id = await createSong(app, { title: '<script>alert(1)</script> & "Co"' });
    const res = await get(`/api/art/placeholder/${id}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;');
    expect(res.body).toContain('>SA</text>');
  });
});

describe('cover art from uploads', () => {
  it('extracts the art of an uploaded file; an upload without art gets the placeholder', async () => {
    const staff = await quickUser(app, 'helper');
    const withArt = await createSong(app, { title: 'Uploaded Green' });
    const without = await createSong(app, { title: 'Uploaded Plain' });
    const green = await makeToneWithArt(ffmpeg, path.join(folder, 'up', 'green.mp3'), {
      color: 'green',
      size: '700x700',
      freq: 880,
    });
    const plain = await makeTone(ffmpeg, path.join(folder, 'up', 'plain.mp3'), { freq: 990 });
    const send = (songId: number, file: string) => {
      const { payload, headers } = multipartBody([
        { name: 'songid', value: String(songId) },
        { name: 'file', filename: 'x.mp3', content: fs.readFileSync(file), type: 'audio/mpeg' },
      ]);
      return app.inject({
        method: 'POST',
        url: '/api/song/upload',
        payload,
        headers: { ...headers, ...bearer(staff.token) },
      });
    };

    const res = await send(withArt, green);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UploadResult>().song_id).toBe(withArt);
    const url = (await detail(withArt)).cover_art_url!;
    expect(ART_URL.exec(url)?.[2]).toBe('jpg');
    const full = await get(url);
    const embedded = await extractPicture(ffmpeg, green, path.join(folder, 'up', 'green.jpg'));
    expect(full.rawPayload.equals(embedded)).toBe(true);
    const small = await get(`${url}?size=96`);
    expect(await probe(small.rawPayload)).toEqual({ width: 96, height: 96, codec: 'mjpeg' });

    expect((await send(without, plain)).statusCode).toBe(200);
    expect((await detail(without)).cover_art_url).toBe(`/api/art/placeholder/${without}.svg`);
  });
});
