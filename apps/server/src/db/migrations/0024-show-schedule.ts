/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { SECONDS, withId } from './columns.js';

/**
 * The show schedule: `scheduled_shows` (a live show's DJ, or a themed show's filter as JSON;
 * `weekly` repeats the slot every seven days from `starts_at`), and the admins' choice to let a
 * DJ go on air at any time rather than in their shows only (`users.live_anytime`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('scheduled_shows'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('dj_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('starts_at', SECONDS, (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('weekly', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('theme', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scheduled_shows_dj').on('scheduled_shows').column('dj_id').execute();
  await db.schema
    .alterTable('users')
    .addColumn('live_anytime', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('live_anytime').execute();
  await db.schema.dropTable('scheduled_shows').execute();
}
