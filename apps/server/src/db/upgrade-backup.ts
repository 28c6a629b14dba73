import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './database.js';

/** Where the copies taken before an upgrade go, under DATA_DIR. */
export const UPGRADE_BACKUPS = 'backups';
/** How many such copies are kept (the oldest go first). */
const KEPT = 5;
const PREFIX = 'before-';

/**
 * Before migrations change a SQLite database that has a schema already, a consistent copy of
 * it goes to `DATA_DIR/backups/before-<first new migration>-<time>.db`: an upgrade that goes
 * wrong can be undone by putting it back (with the older version). Answers the copy's path; null
 * on PostgreSQL (back it up with its own tools or `npm run backup`).
 */
export function upgradeBackup(database: DatabaseHandle, dataDir: string) {
  return async (pending: string[]): Promise<string | null> => {
    if (!database.copyTo) return null;
    const dir = path.join(dataDir, UPGRADE_BACKUPS);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(dir, `${PREFIX}${pending[0]}-${stamp}.db`);
    await database.copyTo(file);
    const copies = fs
      .readdirSync(dir)
      .filter((n) => n.startsWith(PREFIX) && n.endsWith('.db'))
      .sort();
    for (const old of copies.slice(0, Math.max(0, copies.length - KEPT))) {
      fs.rmSync(path.join(dir, old), { force: true });
    }
    return file;
  };
}
