/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { REAL, SECONDS, withId } from './columns.js';

/**
 * Live shows. A user with `dj` set may connect a source client at /live with their username
 * and `stream_key`; `live_banned_until` keeps a kicked DJ out until then. A show is a
 * `live_sessions` row (open while `ended_at` is null, `seen_at` renewed while it is on air, so
 * a playout taking over after a failover knows whether the DJ may still come back;
 * `standby_since` set while the station holds it for the DJ to come back); the DJ's
 * titles and the request line's items hang off it. Times a listener's player lines up with the
 * audio (`started_at`, `ended_at`, a title's `at`) are fractional epoch seconds, as exact as the
 * HLS program date-times. The playout lease gains the leader's address, where a node that does
 * not play forwards a DJ's connection.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('dj', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('users').addColumn('stream_key', 'text').execute();
  await db.schema.alterTable('users').addColumn('live_banned_until', SECONDS).execute();
  await db.schema.alterTable('playout_lease').addColumn('address', 'text').execute();

  await withId(db, db.schema.createTable('live_sessions'))
    .addColumn('dj_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('show_name', 'text', (c) => c.notNull())
    .addColumn('started_at', REAL, (c) => c.notNull())
    .addColumn('ended_at', REAL)
    .addColumn('seen_at', REAL, (c) => c.notNull())
    .addColumn('standby_since', REAL)
    .execute();
  await db.schema
    .createIndex('live_sessions_started')
    .on('live_sessions')
    .column('started_at')
    .execute();

  await withId(db, db.schema.createTable('live_titles'))
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('live_sessions.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('at', REAL, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_titles_session')
    .on('live_titles')
    .columns(['session_id', 'at'])
    .execute();

  await withId(db, db.schema.createTable('live_line'))
    .addColumn('session_id', 'integer', (c) =>
      c.notNull().references('live_sessions.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('song_id', 'integer', (c) => c.references('songs.id').onDelete('set null'))
    .addColumn('message', 'text')
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('live_line_session')
    .on('live_line')
    .columns(['session_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('live_line').execute();
  await db.schema.dropTable('live_titles').execute();
  await db.schema.dropTable('live_sessions').execute();
  await db.schema.alterTable('playout_lease').dropColumn('address').execute();
  await db.schema.alterTable('users').dropColumn('live_banned_until').execute();
  await db.schema.alterTable('users').dropColumn('stream_key').execute();
  await db.schema.alterTable('users').dropColumn('dj').execute();
}
