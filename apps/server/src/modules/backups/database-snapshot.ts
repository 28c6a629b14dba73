import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle, Db } from '../../db/database.js';
import { appliedMigrations } from '../../db/migrate.js';
import { HttpError } from '../../lib/http-error.js';

/*
 * The database's part of a backup. SQLite: a consistent copy made by SQLite's online backup API
 * while the station writes on. PostgreSQL: `pg_dump` in its custom format, one consistent
 * snapshot however long it takes; restored with `pg_restore` in one transaction, so that a
 * restore that fails leaves the database as empty as it was.
 */

/** Writes the database's snapshot to `file`. */
export async function snapshotDatabase(
  handle: DatabaseHandle,
  databaseUrl: string | undefined,
  file: string,
) {
  if (handle.copyTo) {
    await handle.copyTo(file);
    return;
  }
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', '--file', file],
    databaseUrl!,
  );
}

/** Loads a PostgreSQL snapshot into the (empty) database at `databaseUrl`. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  // pg_restore restores into a database only when one is named; the rest of the address
  // comes from the environment.
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  await runTool(
    'pg_restore',
    [
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      '--dbname',
      name,
      file,
    ],
    databaseUrl,
  );
}

/** The newest migration applied to `db`; null when it has no schema yet. */
export async function schemaOf(db: Db): Promise<string | null> {
  return (await appliedMigrations(db)).at(-1) ?? null;
}

/** Whether `db` has any table of its own (a station's, or anything else). */
export async function hasTables(db: Db): Promise<boolean> {
  return (await db.introspection.getTables({ withInternalKyselyTables: true })).length > 0;
}

/** Whether a station holds the playout lease on `db` now, so is running on it. */
export async function stationRunningOn(db: Db): Promise<boolean> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === 'playout_lease')) return false;
  const lease = await db.selectFrom('playout_lease').select('expires_at').executeTakeFirst();
  return lease !== undefined && Number(lease.expires_at) > Date.now();
}

/**
 * PostgreSQL's tools reach the database through the libpq variables, not the URL on their
 * command line, where every user of the machine could read its password.
 */
function libpqEnv(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function runTool(tool: string, args: string[], databaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      env: libpqEnv(databaseUrl),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'ENOENT'
          ? new HttpError(
              500,
              `${tool} was not found. Install PostgreSQL's client tools (postgresql-client), of the server's version or newer.`,
            )
          : err,
      ),
    );
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

/** Puts a SQLite snapshot in place as DATA_DIR's database (renamed in, no half file by its name). */
export async function restoreSqlite(dataDir: string, file: string): Promise<void> {
  const target = path.join(dataDir, 'queuecast.db');
  for (const stale of ['-wal', '-shm', '-journal'])
    await fs.promises.rm(`${target}${stale}`, { force: true });
  const partial = `${target}.partial`;
  await fs.promises.copyFile(file, partial);
  await fs.promises.rename(partial, target);
}
