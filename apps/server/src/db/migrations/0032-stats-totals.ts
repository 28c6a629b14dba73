/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';
import { SECONDS } from './columns.js';

/**
 * The top tables' rollups become running totals: per song its plays, requests, listener gain
 * and votes, per listener their requests and chat lines, and the listening sessions by output,
 * client and length, summed over everything before the
 * start of each UTC week (Monday) that has ended. A range's whole weeks are then the difference
 * of two weeks' totals, a row per song whatever the range's length, where the monthly sums they
 * replace were a row per song and month and left up to a month at each end to the raw rows.
 * They are built from the raw rows by the next rollup.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_months').execute();
  await db.schema.dropTable('song_months').execute();
  // The totals start again from the raw rows, at the next rollup.
  await db
    .deleteFrom('settings')
    .where('key', 'in', ['stats_months_through', 'stats_totals_through'])
    .execute();
  // SQLite keeps the rows in their key's order: a week's totals are read in one pass.
  const clustered = engineOf(db) === 'sqlite' ? sql`without rowid` : sql``;
  await db.schema
    .createTable('song_totals')
    .addColumn('week', SECONDS, (c) => c.notNull())
    .addColumn('song_id', 'integer', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('gain', 'integer', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_totals_pk', ['week', 'song_id'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('user_totals')
    .addColumn('week', SECONDS, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('chat_lines', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_totals_pk', ['week', 'user_id'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('session_totals')
    .addColumn('week', SECONDS, (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addColumn('seconds', SECONDS, (c) => c.notNull())
    .addPrimaryKeyConstraint('session_totals_pk', ['week', 'output', 'client', 'bucket'])
    .modifyEnd(clustered)
    .execute();
  // A few songs' votes over a range (the top tables' second measure) are read by song: by time
  // as well, so that only the range's are read. It serves every read by song alone too.
  await db.schema.dropIndex('votes_song').execute();
  await db.schema
    .createIndex('votes_song_time')
    .on('votes')
    .columns(['song_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('votes_song_time').execute();
  await db.schema.createIndex('votes_song').on('votes').column('song_id').execute();
  await db.schema.dropTable('session_totals').execute();
  await db.schema.dropTable('user_totals').execute();
  await db.schema.dropTable('song_totals').execute();
  await db.deleteFrom('settings').where('key', '=', 'stats_totals_through').execute();
  const clustered = engineOf(db) === 'sqlite' ? sql`without rowid` : sql``;
  await db.schema
    .createTable('song_months')
    .addColumn('month', SECONDS, (c) => c.notNull())
    .addColumn('song_id', 'integer', (c) => c.notNull())
    .addColumn('plays', 'integer', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('gain', 'integer', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('song_months_pk', ['month', 'song_id'])
    .modifyEnd(clustered)
    .execute();
  await db.schema
    .createTable('user_months')
    .addColumn('month', SECONDS, (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('chat_lines', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_months_pk', ['month', 'user_id'])
    .modifyEnd(clustered)
    .execute();
}
