/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { REAL, SECONDS } from './columns.js';

/**
 * The auto-DJ's pick for the next track, once the playout has chosen it (as soon as a track is
 * on air): one row, or none while nothing is prepared or the next track is a request. Kept in
 * the database because the playout may run on another node than the API: every API node
 * builds the queue's "Up next" from here (the bus only says it changed), after a restart or a
 * lost Redis message too. `after_queue_id` names the entry on air when it was chosen, so a row
 * left from an earlier track is never shown as the next one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('station_next')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('after_queue_id', 'integer')
    .addColumn('length', REAL, (c) => c.notNull())
    .addColumn('chosen_at', SECONDS, (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('station_next').execute();
}
