/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import {
  DEFAULT_MIGRATION_TABLE,
  Migrator,
  type Kysely,
  type Migration,
  type MigrationProvider,
} from 'kysely';
import * as m0001 from './migrations/0001-initial.js';
import * as m0002 from './migrations/0002-catalog-search.js';
import * as m0003 from './migrations/0003-artist-song-count.js';
import * as m0004 from './migrations/0004-tag-pairs-by-count.js';
import * as m0005 from './migrations/0005-tag-top-partners.js';
import * as m0006 from './migrations/0006-request-rules.js';
import * as m0007 from './migrations/0007-moderation.js';
import * as m0008 from './migrations/0008-user-blocks.js';
import * as m0009 from './migrations/0009-feed.js';
import * as m0010 from './migrations/0010-review.js';
import * as m0011 from './migrations/0011-artist-name-prefix.js';
import * as m0012 from './migrations/0012-cover-art.js';
import * as m0013 from './migrations/0013-playout-lease.js';
import * as m0014 from './migrations/0014-catalog-scale.js';
import * as m0015 from './migrations/0015-artist-letter-stamps.js';
import * as m0016 from './migrations/0016-search-prefixes.js';
import * as m0017 from './migrations/0017-search-partitions.js';
import * as m0018 from './migrations/0018-list-artists-covering.js';
import * as m0019 from './migrations/0019-song-visibility.js';
import * as m0020 from './migrations/0020-station-next.js';
import * as m0021 from './migrations/0021-profile-indexes.js';
import * as m0022 from './migrations/0022-live-shows.js';
import * as m0023 from './migrations/0023-live-recordings.js';
import * as m0024 from './migrations/0024-show-schedule.js';
import * as m0025 from './migrations/0025-show-artwork.js';
import * as m0026 from './migrations/0026-recording-show.js';
import * as m0027 from './migrations/0027-lease-term.js';
import * as m0028 from './migrations/0028-backup-runs.js';
import * as m0029 from './migrations/0029-listener-stats.js';
import * as m0030 from './migrations/0030-webhooks.js';
import * as m0031 from './migrations/0031-stats-months.js';
import * as m0032 from './migrations/0032-stats-totals.js';

/** Migrations are listed here in order; the same files run on SQLite and PostgreSQL. */
const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-catalog-search': m0002,
  '0003-artist-song-count': m0003,
  '0004-tag-pairs-by-count': m0004,
  '0005-tag-top-partners': m0005,
  '0006-request-rules': m0006,
  '0007-moderation': m0007,
  '0008-user-blocks': m0008,
  '0009-feed': m0009,
  '0010-review': m0010,
  '0011-artist-name-prefix': m0011,
  '0012-cover-art': m0012,
  '0013-playout-lease': m0013,
  '0014-catalog-scale': m0014,
  '0015-artist-letter-stamps': m0015,
  '0016-search-prefixes': m0016,
  '0017-search-partitions': m0017,
  '0018-list-artists-covering': m0018,
  '0019-song-visibility': m0019,
  '0020-station-next': m0020,
  '0021-profile-indexes': m0021,
  '0022-live-shows': m0022,
  '0023-live-recordings': m0023,
  '0024-show-schedule': m0024,
  '0025-show-artwork': m0025,
  '0026-recording-show': m0026,
  '0027-lease-term': m0027,
  '0028-backup-runs': m0028,
  '0029-listener-stats': m0029,
  '0030-webhooks': m0030,
  '0031-stats-months': m0031,
  '0032-stats-totals': m0032,
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(MIGRATIONS) };

/** Every schema this code knows, oldest first. */
export const knownSchemas: readonly string[] = Object.keys(MIGRATIONS);

/** The newest schema this code knows. */
export const LATEST_SCHEMA = Object.keys(MIGRATIONS).at(-1)!;

/** A database migrated by a newer Queuecast than this one: starting on it is refused. */
export class SchemaTooNewError extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'SchemaTooNewError' });
  }
}

/** The migrations applied to `db` so far, oldest first (none on a new database). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((t) => t.name === DEFAULT_MIGRATION_TABLE)) return [];
  const rows = await db
    .selectFrom(DEFAULT_MIGRATION_TABLE)
    .select('name')
    .orderBy('name')
    .execute();
  return rows.map((r: { name: string }) => r.name);
}

export interface MigrateOptions {
  /**
   * Called before the first of `pending` is applied to a database that has a schema already
   * (an upgrade): SQLite's copy of the database is taken there.
   */
  beforeUpgrade?: (pending: string[], from: string) => Promise<void>;
}

/**
 * Brings `db` to the newest schema; answers the migrations applied. A database with migrations
 * this code does not know (made by a newer version: a downgrade) is refused, naming both.
 */
export async function migrateToLatest(
  db: Kysely<any>,
  options: MigrateOptions = {},
): Promise<string[]> {
  const applied = await appliedMigrations(db);
  const unknown = applied.filter((name) => !(name in MIGRATIONS));
  if (unknown.length > 0) {
    throw new SchemaTooNewError(
      `The database's schema is ${unknown.at(-1)}, newer than this version of Queuecast ` +
        `knows (${LATEST_SCHEMA}). Run the newer version, or restore a backup made before it.`,
    );
  }
  const pending = Object.keys(MIGRATIONS).filter((name) => !applied.includes(name));
  if (pending.length > 0 && applied.length > 0) {
    await options.beforeUpgrade?.(pending, applied.at(-1)!);
  }
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Runs the migrations up to and including `name` (a migration's own data changes are tested so). */
export async function migrateTo(db: Kysely<any>, name: keyof typeof MIGRATIONS): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
}

export async function migrateDownAll(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  for (;;) {
    const { error, results } = await migrator.migrateDown();
    if (error)
      throw error instanceof Error ? error : new Error('migration failed', { cause: error });
    if (!results || results.length === 0) return;
  }
}
