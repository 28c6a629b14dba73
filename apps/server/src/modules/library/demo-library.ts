import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import { nowSeconds } from '../../db/dialect.js';
import { DEMO_PLATFORMS, DEMO_TUNES } from '../../media/demo/demo-catalog.js';
import { demoFileName, writeDemoFiles } from '../../media/demo/demo-files.js';
import type { ImportReport, ImportService } from './import.service.js';
import type { LibraryRepo } from './library.repo.js';

export interface DemoLibraryDeps {
  db: Db;
  library: LibraryRepo;
  importer: ImportService;
  ffmpeg: string;
  /** The first tune is in the catalogue (the rest are still being made): it can go on air. */
  onFirstSong?: () => void;
}

/** The shortest tune is made first: it is ready soonest, so a new station is silent least. */
export const FIRST_DEMO_TUNE = DEMO_TUNES.reduce(
  (best, t, i) => (t.seconds < DEMO_TUNES[best]!.seconds ? i : best),
  0,
);

/**
 * Whether there is a demo library to make: the catalogue is empty, or holds only demo tunes
 * and not all of them (a first start stopped while they were being made). Tunes already
 * imported are found by their content and left as they are.
 */
async function incomplete(library: LibraryRepo): Promise<boolean> {
  const songs = await library.songCount();
  if (songs === 0) return true;
  if (songs >= DEMO_TUNES.length) return false;
  const names = DEMO_TUNES.map((_, i) => demoFileName(i));
  return (await library.songsWithFileNamed(names)) === songs;
}

function merge(a: ImportReport, b: ImportReport): ImportReport {
  return {
    added: a.added + b.added,
    present: a.present + b.present,
    failed: [...a.failed, ...b.failed],
    outcomes: [...a.outcomes, ...b.outcomes],
  };
}

/**
 * On first start with an empty catalogue: render the demo tunes, encode them with ffmpeg and
 * import them like any music folder. One tune is made and imported alone first, so the station
 * has something to play within seconds; the others follow. Does nothing once the catalogue has
 * songs of its own or the whole demo library.
 */
export async function ensureDemoLibrary(deps: DemoLibraryDeps): Promise<ImportReport | null> {
  if (!(await incomplete(deps.library))) return null;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-demo-'));
  try {
    const at = nowSeconds();
    for (const p of DEMO_PLATFORMS) await deps.library.ensurePlatform(deps.db, p.name, p.brief, at);
    const first = path.join(root, 'first');
    const rest = path.join(root, 'rest');
    fs.mkdirSync(first);
    fs.mkdirSync(rest);
    await writeDemoFiles(deps.ffmpeg, first, [FIRST_DEMO_TUNE]);
    const firstReport = await deps.importer.importFolder(first);
    if (firstReport.added > 0) deps.onFirstSong?.();
    // The others are made only now: on a small machine, making them beside the first one's
    // import would hold the first sound back by seconds.
    const others = DEMO_TUNES.map((_, i) => i).filter((i) => i !== FIRST_DEMO_TUNE);
    await writeDemoFiles(deps.ffmpeg, rest, others);
    return merge(firstReport, await deps.importer.importFolder(rest));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
