/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { CreateTableBuilder, Kysely } from 'kysely';
import { SECONDS, withId } from './columns.js';

/**
 * The station's statistics: listeners sampled every minute per output, rolled up per hour and
 * per day; listening sessions (no address: a hash salted per day, the salt shared by the nodes
 * and dropped with its day) rolled up per day; listeners and chat activity per hour; and the
 * listeners at each play's start and end.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const listenerColumns = <T extends string>(t: CreateTableBuilder<T, any>) =>
    t
      .addColumn('samples', 'integer', (c) => c.notNull())
      .addColumn('total_sum', SECONDS, (c) => c.notNull())
      .addColumn('total_min', 'integer', (c) => c.notNull())
      .addColumn('total_max', 'integer', (c) => c.notNull())
      .addColumn('mp3_sum', SECONDS, (c) => c.notNull())
      .addColumn('relay_sum', SECONDS, (c) => c.notNull())
      .addColumn('hls_sum', SECONDS, (c) => c.notNull())
      .addColumn('sites_sum', SECONDS, (c) => c.notNull());
  await db.schema
    .createTable('listener_minutes')
    .addColumn('minute', SECONDS, (c) => c.primaryKey())
    .addColumn('mp3', 'integer', (c) => c.notNull())
    .addColumn('relay', 'integer', (c) => c.notNull())
    .addColumn('hls', 'integer', (c) => c.notNull())
    .addColumn('sites', 'integer', (c) => c.notNull())
    .execute();
  await listenerColumns(
    db.schema.createTable('listener_hours').addColumn('hour', SECONDS, (c) => c.primaryKey()),
  ).execute();
  await listenerColumns(
    db.schema.createTable('listener_days').addColumn('day', SECONDS, (c) => c.primaryKey()),
  ).execute();

  await withId(db, db.schema.createTable('listening_sessions'))
    .addColumn('started_at', SECONDS, (c) => c.notNull())
    .addColumn('ended_at', SECONDS, (c) => c.notNull())
    .addColumn('duration', 'integer', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('visitor', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('listening_sessions_ended')
    .on('listening_sessions')
    .column('ended_at')
    .execute();
  await db.schema
    .createTable('session_days')
    .addColumn('day', SECONDS, (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('bucket', 'integer', (c) => c.notNull())
    .addColumn('sessions', 'integer', (c) => c.notNull())
    .addColumn('seconds', SECONDS, (c) => c.notNull())
    .addPrimaryKeyConstraint('session_days_pk', ['day', 'output', 'client', 'bucket'])
    .execute();
  await db.schema
    .createTable('visitor_days')
    .addColumn('day', SECONDS, (c) => c.primaryKey())
    .addColumn('visitors', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('stats_salts')
    .addColumn('day', SECONDS, (c) => c.primaryKey())
    .addColumn('salt', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('activity_hours')
    .addColumn('hour', SECONDS, (c) => c.primaryKey())
    .addColumn('requests', 'integer', (c) => c.notNull())
    .addColumn('votes', 'integer', (c) => c.notNull())
    .addColumn('chat_lines', 'integer', (c) => c.notNull())
    .execute();
  // The statistics' tables count over a range of time by song or by user: each index holds
  // every column its count reads, so a year is read from the index alone.
  await db.schema
    .createIndex('votes_time')
    .on('votes')
    .columns(['created_at', 'song_id'])
    .execute();
  await db.schema
    .createIndex('oneliner_time')
    .on('oneliner_messages')
    .columns(['created_at', 'user_id'])
    .execute();
  await db.schema
    .createIndex('queue_requests_time')
    .on('queue_entries')
    .columns(['requested_at', 'requested_by'])
    .execute();

  await db.schema.alterTable('play_history').addColumn('listeners_start', 'integer').execute();
  await db.schema.alterTable('play_history').addColumn('listeners_end', 'integer').execute();
  await db.schema
    .createIndex('play_history_stats')
    .on('play_history')
    .columns(['started_at', 'song_id', 'requested_by', 'listeners_start', 'listeners_end'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('play_history_stats').execute();
  await db.schema.alterTable('play_history').dropColumn('listeners_end').execute();
  await db.schema.alterTable('play_history').dropColumn('listeners_start').execute();
  await db.schema.dropIndex('queue_requests_time').execute();
  await db.schema.dropIndex('oneliner_time').execute();
  await db.schema.dropIndex('votes_time').execute();
  for (const table of [
    'activity_hours',
    'stats_salts',
    'visitor_days',
    'session_days',
    'listening_sessions',
    'listener_days',
    'listener_hours',
    'listener_minutes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
