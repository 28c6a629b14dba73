/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';
import { SECONDS } from './columns.js';

/**
 * The statistics' top tables by month: per song its plays, requests, listener gain and votes,
 * per listener their requests and chat lines, for every whole UTC month that has ended. A year's
 * top tables read twelve months of these and only the range's partial months from the raw rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // SQLite keeps the rows in their key's order, so a range of months is read in one pass.
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

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_months').execute();
  await db.schema.dropTable('song_months').execute();
}
