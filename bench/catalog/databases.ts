/**
 * Where the catalogue bench keeps its data. Without a data folder everything is made afresh and
 * removed afterwards. With one (`--data DIR`), the SQLite file and a PostgreSQL database named
 * after the song count are kept and reused by later runs; a marker file in the folder says the
 * PostgreSQL load finished, so an interrupted load is redone rather than measured.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

export interface BenchStore {
  dataDir: string;
  /** Empty for SQLite. */
  databaseUrl: string;
  /** True when the data was loaded by an earlier run and is reused as it is. */
  reuse: boolean;
  /** Marks the load as finished (so a later run may reuse it). */
  loaded(): void;
  /** Removes what this run made and does not keep. */
  dispose(): Promise<void>;
  /**
   * Reads the whole database into the kernel's page cache (see `warmSqlite`); answers the
   * seconds it took.
   */
  warm(): Promise<number>;
}

const CHUNK = 8 * 1024 * 1024;

/**
 * The database's files in the kernel's page cache before a case is timed. Some machines page
 * out file pages nobody read for a while (this one's kernel evicts them after about a minute,
 * DAMON reclaim): a million-song database read at random then costs disk reads, and the figures
 * would be of the disk rather than of the queries. SQLite's file is read through; PostgreSQL's
 * tables and indexes are read by pg_prewarm (in 'read' mode: into the page cache, not its own
 * buffers), which a bench database may load.
 */
function warmSqlite(dataDir: string): Promise<void> {
  const fd = fs.openSync(path.join(dataDir, 'queuecast.db'), 'r');
  const buffer = Buffer.allocUnsafe(CHUNK);
  try {
    while (fs.readSync(fd, buffer, 0, CHUNK, null) > 0);
  } finally {
    fs.closeSync(fd);
  }
  return Promise.resolve();
}

/** See `warmSqlite`. */
function warmPostgres(databaseUrl: string): Promise<void> {
  return admin(databaseUrl, async (c) => {
    await c.query('create extension if not exists pg_prewarm');
    await c.query(`select pg_prewarm(c.oid, 'read') from pg_class c
      where c.relkind in ('r', 'i') and c.relnamespace = 'public'::regnamespace`);
  });
}

async function timed(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return (performance.now() - start) / 1000;
}

async function admin<T>(adminUrl: string, work: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function openStore(
  engine: string,
  opts: { kept: string | undefined; songs: number; adminUrl: string; name?: string },
): Promise<BenchStore> {
  const dataDir = opts.kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-bench-'));
  fs.mkdirSync(dataDir, { recursive: true });
  const removeDir = () => {
    if (!opts.kept) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  if (engine === 'sqlite') {
    return {
      dataDir,
      databaseUrl: '',
      reuse: opts.kept !== undefined && fs.existsSync(path.join(dataDir, 'queuecast.db')),
      loaded: () => undefined,
      dispose: () => Promise.resolve(removeDir()),
      warm: () => timed(() => warmSqlite(dataDir)),
    };
  }
  const dbName = opts.kept
    ? (opts.name ?? `qc_bench_catalog_${opts.songs}`)
    : `qc_bench_${process.pid}`;
  const marker = path.join(dataDir, `${dbName}.loaded`);
  const reuse = await admin(opts.adminUrl, async (c) => {
    const exists =
      (await c.query('select 1 from pg_database where datname = $1', [dbName])).rowCount === 1;
    if (exists && opts.kept && fs.existsSync(marker)) return true;
    fs.rmSync(marker, { force: true });
    await c.query(`drop database if exists ${dbName} with (force)`);
    await c.query(`create database ${dbName}`);
    return false;
  });
  const url = new URL(opts.adminUrl);
  url.pathname = `/${dbName}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    reuse,
    loaded: () => {
      if (opts.kept) fs.writeFileSync(marker, `${new Date().toISOString()}\n`);
    },
    warm: () => timed(() => warmPostgres(url.toString())),
    dispose: async () => {
      if (!opts.kept) {
        await admin(opts.adminUrl, (c) =>
          c.query(`drop database if exists ${dbName} with (force)`),
        );
      }
      removeDir();
    },
  };
}
