/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/**
 * The station feed reads each source newest first by (time, id): plays, requests and comments
 * get that index (songs have one already).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const s = db.schema;
  await s
    .createIndex('play_history_feed')
    .on('play_history')
    .columns(['started_at', 'id'])
    .execute();
  await s
    .createIndex('queue_entries_feed')
    .on('queue_entries')
    .columns(['requested_at', 'id'])
    .execute();
  await s.createIndex('comments_feed').on('comments').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['comments_feed', 'queue_entries_feed', 'play_history_feed']) {
    await db.schema.dropIndex(name).execute();
  }
}
