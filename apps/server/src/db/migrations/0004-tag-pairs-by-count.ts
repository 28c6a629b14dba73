/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/** A tag's strongest partners are read in count order; this index hands them over sorted. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('tag_pairs_by_count')
    .on('tag_pairs')
    .columns(['tag_id', 'song_count desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('tag_pairs_by_count').execute();
}
