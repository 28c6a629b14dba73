/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';

/**
 * A person's page lists their latest favourites and votes. Both tables are keyed by
 * (user_id, song_id), which finds a user's rows but not their newest first: these indexes read
 * the newest `limit` of them directly, ties broken by song id. (Their requests, comments and
 * chat lines already have such an index.)
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['favorites', 'votes']) {
    await db.schema
      .createIndex(`${table}_user_time`)
      .on(table)
      .columns(['user_id', 'created_at', 'song_id'])
      .execute();
  }
  await sql`analyze favorites`.execute(db);
  await sql`analyze votes`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['favorites', 'votes']) {
    await db.schema.dropIndex(`${table}_user_time`).execute();
  }
}
