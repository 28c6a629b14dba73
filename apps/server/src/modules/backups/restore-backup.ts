import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../../db/database.js';
import { badRequest, conflict } from '../../lib/http-error.js';
import {
  hasTables,
  restorePostgres,
  restoreSqlite,
  stationRunningOn,
} from './database-snapshot.js';
import { readManifest, type Manifest } from './manifest.js';
import { fsync, ObjectStore } from './object-store.js';

export interface RestoreTarget {
  dataDir: string;
  databaseUrl: string | undefined;
  /** Replace what the target holds instead of refusing a target that is not empty. */
  force: boolean;
  /** The schemas this version knows: a backup of a newer one is refused. */
  knownSchemas: readonly string[];
}

export interface RestoreResult {
  manifest: Manifest;
  files: number;
  bytes: number;
}

/** DATA_DIR's folders whose content makes it a station's. */
const STATION_FOLDERS = ['media', 'art', 'recordings'];

/**
 * Restores the backup `file` into the target. Everything is checked before anything is
 * written: the manifest against its checksum, every object it lists against its hash (so a
 * truncated or edited backup is refused whole), the engine and schema, and the target, which
 * must be empty (or `force`) and never a running station's.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const manifest = await readManifest(path.resolve(file));
  const engine = target.databaseUrl ? 'postgres' : 'sqlite';
  if (manifest.engine !== engine) {
    throw badRequest(
      manifest.engine === 'sqlite'
        ? 'This backup is of a station on SQLite: restore it with DATABASE_URL unset.'
        : 'This backup is of a station on PostgreSQL: restore it with DATABASE_URL set to an empty database.',
    );
  }
  if (manifest.schema !== '' && !target.knownSchemas.includes(manifest.schema)) {
    throw badRequest(
      `This backup's schema is ${manifest.schema}, newer than this version of Queuecast knows ` +
        `(${target.knownSchemas.at(-1)}). Restore it with the newer version.`,
    );
  }
  const store = new ObjectStore(path.dirname(path.resolve(file)));
  const objects = [{ path: 'the database', ...manifest.database }, ...manifest.files];
  for (const object of objects) {
    const state = await store.verify(object.sha256, object.size);
    if (state !== 'ok') {
      throw badRequest(
        `The backup is damaged: ${object.path} ${state === 'missing' ? 'is missing' : 'does not match its checksum'}. Nothing was restored.`,
      );
    }
  }
  await checkTarget(target);

  const dataDir = path.resolve(target.dataDir);
  for (const entry of manifest.files) {
    const dest = path.join(dataDir, ...entry.path.split('/'));
    await fs.promises.mkdir(path.dirname(dest), { recursive: true });
    const partial = `${dest}.partial`;
    await fs.promises.copyFile(store.pathOf(entry.sha256), partial);
    await fsync(partial);
    await fs.promises.rename(partial, dest);
    await fs.promises.utimes(dest, new Date(), new Date(entry.mtimeMs));
  }
  const snapshot = store.pathOf(manifest.database.sha256);
  if (target.databaseUrl) {
    if (target.force) await emptyPostgres(target.databaseUrl);
    await restorePostgres(target.databaseUrl, snapshot);
  } else {
    await restoreSqlite(dataDir, snapshot);
  }
  return {
    manifest,
    files: manifest.files.length,
    bytes: objects.reduce((sum, o) => sum + o.size, 0),
  };
}

/** Refuses a running station's data, and one that is not empty unless `force`. */
async function checkTarget(target: RestoreTarget): Promise<void> {
  const dataDir = path.resolve(target.dataDir);
  const sqliteFile = path.join(dataDir, 'queuecast.db');
  const where = target.databaseUrl ? 'the database' : dataDir;
  let notEmpty = STATION_FOLDERS.some((name) => hasEntries(path.join(dataDir, name)));
  if (target.databaseUrl || fs.existsSync(sqliteFile)) {
    const handle = openDatabase({ databaseUrl: target.databaseUrl, dataDir });
    try {
      if (await stationRunningOn(handle.db)) {
        throw conflict(`A station is running on ${where}: stop it before restoring into it.`);
      }
      notEmpty ||= await hasTables(handle.db);
    } finally {
      await handle.close();
    }
  }
  if (notEmpty && !target.force) {
    throw conflict(
      `${target.databaseUrl ? 'The database' : dataDir} is not empty. Restore into an empty one, or give --force to replace what is there.`,
    );
  }
}

function hasEntries(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/** Drops every table (and all else) of the database's schema, for `--force`. */
async function emptyPostgres(databaseUrl: string): Promise<void> {
  const handle = openDatabase({ databaseUrl, dataDir: '.' });
  try {
    await sql`drop schema if exists public cascade`.execute(handle.db);
    await sql`create schema public`.execute(handle.db);
  } finally {
    await handle.close();
  }
}
