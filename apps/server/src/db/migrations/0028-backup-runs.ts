/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { SECONDS, withId } from './columns.js';

/**
 * Every backup made, scheduled or from the command line, with its outcome: what the staff
 * dashboard shows. A failed one keeps its error.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('backup_runs'))
    .addColumn('started_at', SECONDS, (c) => c.notNull())
    .addColumn('finished_at', SECONDS, (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('ok', 'integer', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('files', 'integer', (c) => c.notNull())
    .addColumn('bytes', SECONDS, (c) => c.notNull())
    .addColumn('added_bytes', SECONDS, (c) => c.notNull())
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('backup_runs_started')
    .on('backup_runs')
    .column('started_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('backup_runs').execute();
}
