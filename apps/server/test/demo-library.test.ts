import { beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.js';
import { DEMO_TUNES } from '../src/media/demo/demo-catalog.js';
import { demoFileName, writeDemoFiles } from '../src/media/demo/demo-files.js';
import { ensureDemoLibrary, FIRST_DEMO_TUNE } from '../src/modules/library/demo-library.js';
import { tempDir } from './helpers/audio.js';
import { createTestApp } from './helpers/test-app.js';

let app: App;
const demoDeps = () => ({
  db: app.ctx.db,
  library: app.ctx.repos.library,
  importer: app.ctx.services.import,
  ffmpeg: app.ctx.media.tools.ffmpeg,
});
beforeAll(async () => {
  app = await createTestApp();
});

describe('demo library', () => {
  it('fills an empty catalogue with playable original tunes, once, within 30 s', async () => {
    const started = Date.now();
    const report = await ensureDemoLibrary(demoDeps());
    const elapsed = Date.now() - started;
    expect(report?.failed).toEqual([]);
    expect(report?.added).toBe(DEMO_TUNES.length);
    expect(elapsed).toBeLessThan(30_000);

    const platforms = (await app.inject({ method: 'GET', url: '/api/platforms' })).json().platforms;
    expect(platforms.map((p: { brief: string }) => p.brief).sort()).toEqual(['AMI', 'C64', 'PC']);
    const songs = await app.ctx.db
      .selectFrom('songs')
      .select(['id', 'length', 'status', 'loudness_lufs', 'loudness_gain'])
      .execute();
    expect(songs).toHaveLength(12);
    for (const s of songs) {
      expect(s.status).toBe('active');
      expect(s.length).toBeGreaterThanOrEqual(60);
      expect(s.length).toBeLessThanOrEqual(121);
      expect(s.loudness_lufs! + s.loudness_gain!).toBeCloseTo(-16, 0);
    }
    const lufs = songs.map((s) => s.loudness_lufs!);
    expect(Math.max(...lufs) - Math.min(...lufs)).toBeGreaterThan(3);

    const artists = await app.ctx.db
      .selectFrom('artists')
      .select(['name', 'country_code'])
      .execute();
    expect(artists.length).toBeGreaterThanOrEqual(5);
    expect(artists.every((a) => /^[A-Z]{2}$/.test(a.country_code ?? ''))).toBe(true);
    const pair = (await app.inject({ method: 'GET', url: '/api/tags/chiptune,happy' })).json();
    expect(pair.total_count).toBeGreaterThanOrEqual(2);

    expect(await ensureDemoLibrary(demoDeps())).toBeNull();
  }, 60_000);

  it('completes a demo library whose making was cut short after its first tune', async () => {
    const fresh = await createTestApp();
    const deps = { ...demoDeps(), db: fresh.ctx.db };
    deps.library = fresh.ctx.repos.library;
    deps.importer = fresh.ctx.services.import;
    // What a first start stopped after the first import leaves behind.
    const folder = tempDir('queuecast-demo-first-');
    await writeDemoFiles(deps.ffmpeg, folder, [FIRST_DEMO_TUNE]);
    expect((await deps.importer.importFolder(folder)).added).toBe(1);
    const report = await ensureDemoLibrary(deps);
    // The tune already there is recognised by its content: made again, the same bytes.
    expect(report).toMatchObject({ added: DEMO_TUNES.length - 1, present: 1, failed: [] });
    const files = await fresh.ctx.db.selectFrom('files').select('filename').execute();
    expect(files.map((f) => f.filename).sort()).toEqual(DEMO_TUNES.map((_, i) => demoFileName(i)));
    expect(await ensureDemoLibrary(deps)).toBeNull();
  }, 60_000);
});
