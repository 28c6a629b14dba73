import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import type pg from 'pg';
import { loadOnUse } from '../lib/load-on-use.js';
import type { Engine } from './dialect.js';
import type { Database } from './schema.js';
import { nameStatements } from './pg-statements.js';
import { keepStatements } from './statement-cache.js';

/** PostgreSQL's driver, loaded with the first PostgreSQL database opened. */
function postgresDriver(): typeof pg {
  const driver = loadOnUse<typeof pg>('pg');
  // PostgreSQL sends int8 and numeric as strings; every such value here (epoch seconds,
  // counts, sums) fits a JS number exactly.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number.parseInt(v, 10));
  driver.types.setTypeParser(driver.types.builtins.NUMERIC, (v) => Number.parseFloat(v));
  return driver;
}

export type Db = Kysely<Database>;

/** How long a PostgreSQL connection may take to open (or to free up in the pool). */
const CONNECT_TIMEOUT_MS = 1500;

export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  /** Human-readable location for logs (never includes a password). */
  location: string;
  close(): Promise<void>;
  /**
   * SQLite: a consistent copy of the database at `file` while it is in use (SQLite's online
   * backup); absent on PostgreSQL.
   */
  copyTo?(file: string): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL: run repeated statements as named prepared statements (the default). */
  namedStatements?: boolean;
}

export function openDatabase(opts: DatabaseOptions): DatabaseHandle {
  if (opts.databaseUrl) {
    const pool = new (postgresDriver().Pool)({
      connectionString: opts.databaseUrl,
      max: 10,
      // A database that does not answer fails a call within the 2 s a client will wait for
      // its 503, rather than holding it; keep-alive finds a cut connection that goes quiet.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle client whose connection the server ends (restart, failover) must not crash us;
    // the pool replaces it on the next query.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL idle client error: ${err.message}`));
    // A client that is checked out has no listener of the pool's: a connection reset while it
    // runs a query would emit an 'error' nobody hears, which ends the process. The query itself
    // fails (503), and the pool drops the broken client when it comes back.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: opts.namedStatements === false ? pool : nameStatements(pool),
      }),
    });
    const url = new URL(opts.databaseUrl);
    return {
      db,
      engine: 'postgres',
      location: `postgres://${url.host}${url.pathname}`,
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.join(opts.dataDir, 'queuecast.db');
  const sqlite = new SqliteDatabase(file);
  // WAL: readers never block the writer. NORMAL sync keeps every committed transaction
  // across a process kill (-9); only a power cut can lose the last commits.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A large catalogue reads far faster from a bigger page cache and memory-mapped pages: the
  // whole file is mapped up to SQLite's 2 GB limit (pages the station never reads cost
  // nothing), as a 1M-song catalogue's lists and indexes lie all over its ~800 MB.
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('mmap_size = 2147418112');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: keepStatements(sqlite) }),
  });
  return {
    db,
    engine: 'sqlite',
    location: file,
    close: () => db.destroy(),
    copyTo: async (target) => {
      fs.mkdirSync(path.dirname(target), { recursive: true });
      // Written beside its final name and renamed: no half copy ever carries that name.
      const partial = `${target}.partial`;
      await sqlite.backup(partial);
      fs.renameSync(partial, target);
    },
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
