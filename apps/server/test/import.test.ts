import fs from 'node:fs';
import path from 'node:path';
import { SearchResultSchema } from '@queuecast/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { importCommand } from '../src/cli/import.js';
import { TARGET_LUFS } from '../src/media/analyze.js';
import { MEDIA_TEXT } from '../src/media/media-intake.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
let folder: string;

beforeAll(async () => {
  app = await createTestApp();
  const ffmpeg = app.ctx.media.tools.ffmpeg;
  folder = tempDir('queuecast-import-');
  await makeTone(ffmpeg, path.join(folder, 'loud.mp3'), {
    freq: 440,
    volume: 0.9,
    tags: {
      title: 'Loud Tone',
      artist: 'Tone Maker',
      genre: 'Test; Sine',
      comment: 'made for #testing',
      PLATFORM: 'Lab',
    },
  });
  await makeTone(ffmpeg, path.join(folder, 'sub', 'quiet.flac'), {
    freq: 660,
    volume: 0.05,
    seconds: 4,
    tags: { title: 'Quiet Tone', artist: 'Tone Maker' },
  });
  await makeTone(ffmpeg, path.join(folder, 'untagged.ogg'), { freq: 330 });
  await makeTone(ffmpeg, path.join(folder, 'plain.wav'), { freq: 550, seconds: 2 });
  fs.copyFileSync(path.join(folder, 'loud.mp3'), path.join(folder, 'sub', 'copy-of-loud.mp3'));
  const broken = fs.readFileSync(path.join(folder, 'loud.mp3')).subarray(0, 600);
  fs.writeFileSync(
    path.join(folder, 'corrupt.mp3'),
    Buffer.concat([Buffer.from('garbage!'), broken.subarray(200)]),
  );
  fs.writeFileSync(path.join(folder, 'notes.txt'), 'not music');
  fs.writeFileSync(path.join(folder, 'fake.flac'), 'also not music, despite the name');
});

const count = async (table: 'songs' | 'files') =>
  Number(
    (
      await app.ctx.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('import a music folder', () => {
  it('adds good files once, reports the duplicate, the corrupt and the non-audio files', async () => {
    const report = await app.ctx.services.import.importFolder(folder);
    expect(report.added).toBe(4);
    expect(report.present).toBe(1);
    const failed = Object.fromEntries(report.failed.map((f) => [path.basename(f.file), f.reason]));
    expect(Object.keys(failed).sort()).toEqual(['corrupt.mp3', 'fake.flac', 'notes.txt']);
    expect(failed['notes.txt']).toBe('not an audio file (.txt)');
    expect(failed['fake.flac']).toBe(MEDIA_TEXT.unsupported);
    expect(failed['corrupt.mp3']).toBe(MEDIA_TEXT.unsupported);
    expect(await count('songs')).toBe(4);
    expect(await count('files')).toBe(4);

    const mediaFiles = fs
      .readdirSync(app.ctx.media.store.root, { recursive: true })
      .map(String)
      .filter((f) => /\.(mp3|flac|ogg|wav)$/.test(f));
    expect(mediaFiles).toHaveLength(4);
    expect(mediaFiles.some((f) => f.endsWith('.tmp'))).toBe(false);
  });

  it('reads tags, measures duration and loudness', async () => {
    const search = async (q: string) =>
      SearchResultSchema.parse(
        (await app.inject({ method: 'GET', url: `/api/search?q=${q}` })).json(),
      ).songs;
    const loud = (await search('loud'))[0]!;
    expect(loud.song).toMatchObject({
      title: 'Loud Tone',
      artist: 'Tone Maker',
      platform: 'Lab',
      status: 'active',
      has_file: true,
    });
    expect(loud.song.length).toBeCloseTo(3, 0);
    const detail = (await app.inject({ method: 'GET', url: `/api/song/${loud.song.id}` })).json();
    expect(detail.tags).toEqual(['sine', 'test', 'testing']);
    const rows = await app.ctx.db
      .selectFrom('songs')
      .select(['title', 'loudness_lufs', 'loudness_gain'])
      .orderBy('title')
      .execute();
    const loudRow = rows.find((r) => r.title === 'Loud Tone')!;
    const quietRow = rows.find((r) => r.title === 'Quiet Tone')!;
    expect(loudRow.loudness_lufs).toBeGreaterThan(quietRow.loudness_lufs!);
    expect(loudRow.loudness_lufs! + loudRow.loudness_gain!).toBeCloseTo(TARGET_LUFS, 1);
    expect(quietRow.loudness_gain).toBeGreaterThan(10);
    expect(rows.map((r) => r.title)).toContain('untagged');
  });

  it('adds nothing on a second run', async () => {
    const again = await app.ctx.services.import.importFolder(folder);
    expect(again.added).toBe(0);
    expect(again.present).toBe(5);
    expect(await count('songs')).toBe(4);
  });

  it('prints a summary from the command line', async () => {
    const out = await importCommand(app, [folder, '--platform', 'Other']);
    expect(out).toContain('added:           0');
    expect(out).toContain('already present: 5');
    expect(out).toContain('notes.txt: not an audio file (.txt)');
    await expect(importCommand(app, [])).rejects.toThrow('usage: npm run import');
    await expect(importCommand(app, [path.join(folder, 'nope')])).rejects.toThrow('Not a folder');
  });
});
