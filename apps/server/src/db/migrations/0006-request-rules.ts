/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';

/**
 * Requests: a song is waiting or on air at most once (the database enforces it, so two
 * listeners racing for one song cannot both win), and a listener's latest request is one
 * index read away (the cooldown).
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Older duplicates, if any, are closed first: the newest entry of a song stands.
  await sql`update queue_entries set state = 'skipped'
    where state in ('queued', 'playing') and exists (
      select 1 from queue_entries newer
      where newer.song_id = queue_entries.song_id and newer.id > queue_entries.id
        and newer.state in ('queued', 'playing'))`.execute(db);
  await sql`create unique index queue_one_per_song on queue_entries (song_id)
    where state in ('queued', 'playing')`.execute(db);
  await db.schema
    .createIndex('queue_requester_time')
    .on('queue_entries')
    .columns(['requested_by', 'requested_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('queue_requester_time').execute();
  await db.schema.dropIndex('queue_one_per_song').execute();
}
