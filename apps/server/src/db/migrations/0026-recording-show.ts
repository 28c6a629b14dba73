/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/**
 * A live session belongs to the planned show whose slot the DJ went on air in (null: a show
 * off the schedule), so a show's page lists its own recordings.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('live_sessions')
    .addColumn('show_id', 'integer', (c) => c.references('scheduled_shows.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('live_sessions_show')
    .on('live_sessions')
    .columns(['show_id', 'started_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('live_sessions_show').execute();
  await db.schema.alterTable('live_sessions').dropColumn('show_id').execute();
}
