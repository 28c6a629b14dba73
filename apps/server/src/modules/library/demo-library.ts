import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import { nowSeconds } from '../../db/dialect.js';
import { DEMO_PLATFORMS, DEMO_TUNES } from '../../media/demo/demo-catalog.js';
import { writeDemoFiles } from '../../media/demo/demo-files.js';
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
const FIRST = DEMO_TUNES.reduce(
  (best, t, i) => (t.seconds < DEMO_TUNES[best]!.seconds ? i : best),
  0,
);

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
 * songs.
 */
export async function ensureDemoLibrary(deps: DemoLibraryDeps): Promise<ImportReport | null> {
  if ((await deps.library.songCount()) > 0) return null;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-demo-'));
  try {
    const at = nowSeconds();
    for (const p of DEMO_PLATFORMS) await deps.library.ensurePlatform(deps.db, p.name, p.brief, at);
    const first = path.join(root, 'first');
    const rest = path.join(root, 'rest');
    fs.mkdirSync(first);
    fs.mkdirSync(rest);
    await writeDemoFiles(deps.ffmpeg, first, [FIRST]);
    const firstReport = await deps.importer.importFolder(first);
    if (firstReport.added > 0) deps.onFirstSong?.();
    // The others are made only now: on a small machine, making them beside the first one's
    // import would hold the first sound back by seconds.
    const others = DEMO_TUNES.map((_, i) => i).filter((i) => i !== FIRST);
    await writeDemoFiles(deps.ffmpeg, rest, others);
    return merge(firstReport, await deps.importer.importFolder(rest));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}
