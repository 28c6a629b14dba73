import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AppContext } from '../../context.js';
import { nowSeconds } from '../../db/dialect.js';
import type { ImportReport } from '../../modules/library/import.service.js';
import { runProcess } from '../run-process.js';
import { DEMO_PLATFORMS, DEMO_TUNES, type DemoTune } from './demo-catalog.js';
import { renderTune, SAMPLE_RATE } from './synth.js';

/** Encodes one rendered tune to MP3 with its tags; ffmpeg adds a touch of echo for space. */
async function writeTune(ffmpeg: string, tune: DemoTune, file: string): Promise<void> {
  const result = await runProcess(
    ffmpeg,
    [
      '-hide_banner',
      '-nostdin',
      '-y',
      '-f',
      's16le',
      '-ar',
      String(SAMPLE_RATE),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-af',
      'aecho=0.8:0.6:180:0.25,pan=stereo|c0=c0|c1=c0',
      '-ar',
      '44100',
      '-c:a',
      'libmp3lame',
      '-b:a',
      '160k',
      '-metadata',
      `title=${tune.title}`,
      '-metadata',
      `artist=${tune.artist}`,
      '-metadata',
      `genre=${tune.tags.join(';')}`,
      '-metadata',
      `PLATFORM=${tune.platform}`,
      '-metadata',
      `ARTISTCOUNTRY=${tune.country}`,
      '-metadata',
      'comment=Queuecast demo library',
      file,
    ],
    { input: renderTune(tune), timeoutMs: 120_000 },
  );
  if (result.code !== 0)
    throw new Error(`could not encode ${tune.title}: ${result.stderr.slice(-300)}`);
}

/**
 * On first start with an empty catalogue: render the demo tunes, encode them with ffmpeg and
 * import them like any music folder. Does nothing once the catalogue has songs.
 */
export async function ensureDemoLibrary(ctx: AppContext): Promise<ImportReport | null> {
  if ((await ctx.repos.library.songCount()) > 0) return null;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-demo-'));
  try {
    const at = nowSeconds();
    for (const p of DEMO_PLATFORMS)
      await ctx.repos.library.ensurePlatform(ctx.db, p.name, p.brief, at);
    let next = 0;
    const worker = async () => {
      while (next < DEMO_TUNES.length) {
        const index = next++;
        const tune = DEMO_TUNES[index]!;
        const name = `${String(index + 1).padStart(2, '0')} ${tune.artist} - ${tune.title}.mp3`;
        await writeTune(ctx.media.tools.ffmpeg, tune, path.join(folder, name));
      }
    };
    await Promise.all([worker(), worker()]);
    return await ctx.services.import.importFolder(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
