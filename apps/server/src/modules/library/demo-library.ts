import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../../db/database.js';
import { nowSeconds } from '../../db/dialect.js';
import { DEMO_PLATFORMS } from '../../media/demo/demo-catalog.js';
import { writeDemoFiles } from '../../media/demo/demo-files.js';
import type { ImportReport, ImportService } from './import.service.js';
import type { LibraryRepo } from './library.repo.js';

export interface DemoLibraryDeps {
  db: Db;
  library: LibraryRepo;
  importer: ImportService;
  ffmpeg: string;
}

/**
 * On first start with an empty catalogue: render the demo tunes, encode them with ffmpeg and
 * import them like any music folder. Does nothing once the catalogue has songs.
 */
export async function ensureDemoLibrary(deps: DemoLibraryDeps): Promise<ImportReport | null> {
  if ((await deps.library.songCount()) > 0) return null;
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-demo-'));
  try {
    const at = nowSeconds();
    for (const p of DEMO_PLATFORMS) await deps.library.ensurePlatform(deps.db, p.name, p.brief, at);
    await writeDemoFiles(deps.ffmpeg, folder);
    return await deps.importer.importFolder(folder);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
