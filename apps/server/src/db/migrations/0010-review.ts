/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/**
 * Staff review of listeners' contributions. `songs.reviewed` is 0 for a song a listener added
 * until staff approve it (rejecting removes it); `files.pending` is 1 for a listener's upload
 * until staff approve it (rejecting deletes it). While either waits the song's status is
 * `review`, so it neither plays nor can be requested.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s
    .alterTable('songs')
    .addColumn('reviewed', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await s
    .alterTable('files')
    .addColumn('pending', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await s.createIndex('files_pending').on('files').columns(['pending', 'song_id']).execute();
  await s.createIndex('songs_added_by').on('songs').column('added_by').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('songs_added_by').execute();
  await db.schema.dropIndex('files_pending').execute();
  await db.schema.alterTable('files').dropColumn('pending').execute();
  await db.schema.alterTable('songs').dropColumn('reviewed').execute();
}
