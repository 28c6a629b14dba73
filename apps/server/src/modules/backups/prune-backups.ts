import fs from 'node:fs';
import { withFolderLock } from './folder-lock.js';
import { manifestsIn } from './manifest.js';
import { ObjectStore } from './object-store.js';

/**
 * Keeps the `keep` newest backups in `dir` and removes the others, then every object that no
 * backup left there lists. Answers how many backups went and the bytes freed.
 */
export async function pruneBackups(
  dir: string,
  keep: number,
): Promise<{ removed: number; freedBytes: number }> {
  return withFolderLock(dir, async () => {
    const all = await manifestsIn(dir);
    all.sort((a, b) => a.manifest.createdAt.localeCompare(b.manifest.createdAt));
    const gone = all.slice(0, Math.max(0, all.length - keep));
    for (const { file } of gone) await fs.promises.rm(file, { force: true });
    const listed = new Set<string>();
    for (const { manifest } of all.slice(gone.length)) {
      listed.add(manifest.database.sha256);
      for (const entry of manifest.files) listed.add(entry.sha256);
    }
    const freedBytes = await new ObjectStore(dir).removeAllBut(listed);
    return { removed: gone.length, freedBytes };
  });
}
