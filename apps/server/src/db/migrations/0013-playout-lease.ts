/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/**
 * The playout lease: one row naming the process that plays the station and until when (epoch
 * milliseconds, by the database's clock) its claim holds unless renewed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('playout_lease')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('playout_lease').execute();
}
