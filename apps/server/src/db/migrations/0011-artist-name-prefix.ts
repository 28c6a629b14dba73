/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * Artist suggestions read names by prefix in byte order. SQLite compares text byte-wise, so its
 * index on lower(name) already serves the range; PostgreSQL's follows the database collation,
 * where a prefix is not one range, so it gets an index on lower(name) in the "C" collation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`create index artists_name_prefix on artists ((lower(name) collate "C"))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) !== 'postgres') return;
  await sql`drop index artists_name_prefix`.execute(db);
}
