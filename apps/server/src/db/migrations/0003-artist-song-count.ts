/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';

/** Songs per artist, kept with the links, so an artist letter is one index range read. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('artists')
    .addColumn('song_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update artists set song_count = (select count(*) from song_artists where artist_id = artists.id)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('artists').dropColumn('song_count').execute();
}
