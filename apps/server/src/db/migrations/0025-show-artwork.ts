/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/** A planned show's artwork: the name of its picture in the art store (`<hash>.<ext>`). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_shows').addColumn('artwork', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scheduled_shows').dropColumn('artwork').execute();
}
