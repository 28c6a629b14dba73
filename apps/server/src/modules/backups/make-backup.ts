import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/database.js';
import { conflict } from '../../lib/http-error.js';
import { schemaOf, snapshotDatabase } from './database-snapshot.js';
import { withFolderLock } from './folder-lock.js';
import { manifestsIn, writeManifest, type ManifestEntry } from './manifest.js';
import { ObjectStore } from './object-store.js';

/** What a backup reads: the station's database and its DATA_DIR. */
export interface BackupSource {
  database: DatabaseHandle;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Folders under DATA_DIR that are not the station's to keep (HLS, the backups themselves). */
  skip: string[];
}

export interface BackupResult {
  file: string;
  files: number;
  /** Every byte the backup lists (database and files). */
  bytes: number;
  /** The bytes this backup added to the folder: the rest were there already. */
  addedBytes: number;
  ms: number;
}

/**
 * DATA_DIR's entries a backup never holds: the live database files (the snapshot stands for
 * them), and what the station makes again by itself (HLS segments, previews, tracks decoded
 * ahead, unfinished uploads).
 */
const NOT_KEPT = new Set([
  'queuecast.db',
  'queuecast.db-wal',
  'queuecast.db-shm',
  'queuecast.db-journal',
  'hls',
  'previews',
  'spool',
  'upload-tmp',
  'backups',
]);

/**
 * Makes a backup of a running station as `out`: the database's snapshot first, then every file
 * of DATA_DIR it keeps (media, art, recordings, the session secret). Objects the folder holds
 * already are not written again; a file a previous backup in the folder read, unchanged since
 * (same size and time), is not even read. Refused if `out` exists.
 */
export async function makeBackup(source: BackupSource, out: string): Promise<BackupResult> {
  const started = performance.now();
  const file = path.resolve(out);
  const dir = path.dirname(file);
  return withFolderLock(dir, async () => {
    if (fs.existsSync(file)) throw conflict(`${file} exists already: choose another name.`);
    const store = new ObjectStore(dir);
    await fs.promises.mkdir(store.root, { recursive: true });
    await store.removeLeftovers();
    const previous = await previousEntries(dir);

    let addedBytes = 0;
    const snapshot = path.join(store.root, `.tmp-${process.pid}-database`);
    let database: { sha256: string; size: number };
    try {
      await snapshotDatabase(source.database, source.databaseUrl, snapshot);
      const put = await store.put(snapshot);
      if (put.added) addedBytes += put.size;
      database = { sha256: put.sha256, size: put.size };
    } finally {
      await fs.promises.rm(snapshot, { force: true });
    }
    const schema = await schemaOf(source.database.db);

    const files: ManifestEntry[] = [];
    const skip = new Set(source.skip.map((p) => path.resolve(p)).concat(dir));
    for await (const rel of walk(source.dataDir, '', skip)) {
      const full = path.join(source.dataDir, rel);
      const stat = await fs.promises.stat(full).catch(() => null);
      if (!stat) continue; // removed since it was listed
      const before = previous.get(rel);
      const known = before && before.size === stat.size && before.mtimeMs === stat.mtimeMs;
      const put = await store
        .put(full, known ? before.sha256 : undefined)
        .catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') return null;
          throw err;
        });
      if (!put) continue;
      if (put.added) addedBytes += put.size;
      files.push({ path: rel, sha256: put.sha256, size: put.size, mtimeMs: stat.mtimeMs });
    }

    await writeManifest(file, {
      format: 'queuecast-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      engine: source.databaseUrl ? 'postgres' : 'sqlite',
      schema: schema ?? '',
      database,
      files,
    });
    return {
      file,
      files: files.length,
      bytes: database.size + files.reduce((sum, f) => sum + f.size, 0),
      addedBytes,
      ms: Math.round(performance.now() - started),
    };
  });
}

/** The files the newest backup in `dir` lists, by path. */
async function previousEntries(dir: string): Promise<Map<string, ManifestEntry>> {
  const all = await manifestsIn(dir);
  all.sort((a, b) => a.manifest.createdAt.localeCompare(b.manifest.createdAt));
  return new Map((all.at(-1)?.manifest.files ?? []).map((f) => [f.path, f]));
}

/** Every regular file under `root`/`rel`, as a '/'-separated path relative to root. */
async function* walk(root: string, rel: string, skip: Set<string>): AsyncGenerator<string> {
  const entries = await fs.promises
    .readdir(path.join(root, rel), { withFileTypes: true })
    .catch(() => []);
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if ((rel === '' && NOT_KEPT.has(entry.name)) || skip.has(path.join(root, child))) continue;
    if (entry.isDirectory()) yield* walk(root, child, skip);
    else if (entry.isFile() && !entry.name.endsWith('.partial')) yield child;
  }
}
