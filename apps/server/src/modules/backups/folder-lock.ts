import fs from 'node:fs';
import path from 'node:path';
import { conflict } from '../../lib/http-error.js';
import { processAlive } from './object-store.js';

/**
 * One writer at a time in a backup folder: a backup adding objects and a clean-up removing the
 * ones no backup lists must never overlap. The lock is a file holding the writer's pid; one
 * left by a process that no longer runs (killed mid-backup) is taken over.
 */
export async function withFolderLock<T>(dir: string, work: () => Promise<T>): Promise<T> {
  await fs.promises.mkdir(dir, { recursive: true });
  const lock = path.join(dir, '.lock');
  for (let attempt = 0; ; attempt++) {
    try {
      await fs.promises.writeFile(lock, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw err;
      const holder = Number(await fs.promises.readFile(lock, 'utf8').catch(() => ''));
      if (holder && holder !== process.pid && processAlive(holder)) {
        throw conflict(
          `Another backup is writing to ${dir} (process ${holder}). Try again when it is done.`,
        );
      }
      await fs.promises.rm(lock, { force: true });
    }
  }
  try {
    return await work();
  } finally {
    await fs.promises.rm(lock, { force: true });
  }
}
