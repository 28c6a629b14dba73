import fs from 'node:fs';
import path from 'node:path';

/**
 * Owner-only permissions for everything the station keeps: files 0600, folders 0700. New
 * files get them from the process's umask (children such as ffmpeg inherit it); what an
 * earlier version left more open is tightened here, at start-up: the data folder itself, the
 * database and its journal files, and the generated secret.
 */
export function keepDataPrivate(dataDir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dataDir, 0o700);
  for (const name of ['queuecast.db', 'queuecast.db-wal', 'queuecast.db-shm', 'jwt-secret']) {
    try {
      fs.chmodSync(path.join(dataDir, name), 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
}
