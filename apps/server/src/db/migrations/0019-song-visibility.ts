/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * Songs waiting for review are out of the public catalogue (core/song-visibility.ts):
 *
 * - An artist's song count counts approved songs only, as the artist letters and add-song
 *   suggestions show it and decide by it (an artist whose songs all wait is not listed).
 * - A platform's page lists and counts the songs the viewer may see, in title order. Its index
 *   now carries what that filter reads (`reviewed`, `added_by`) and the id that breaks title
 *   ties, so the page and its count still come from the index alone.
 * - A song's request history and request count read its requests (entries with a requester)
 *   newest first from an index of their own, not every entry of the song.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update artists set song_count = (
      select count(*) from song_artists sa join songs s on s.id = sa.song_id
      where sa.artist_id = artists.id and s.reviewed = 1)`.execute(db);
  if (engineOf(db) === 'sqlite') {
    await sql`create index songs_platform_list on songs (platform_id, title, id, reviewed, added_by)`.execute(
      db,
    );
  } else {
    await sql`create index songs_platform_list on songs (platform_id, title, id)
      include (reviewed, added_by)`.execute(db);
  }
  await sql`drop index songs_platform_title`.execute(db);
  await sql`create index queue_song_requests on queue_entries (song_id, id)
    where requested_by is not null`.execute(db);
  // Statistics for the new indexes, beside any the tables' other indexes already have.
  await sql`analyze songs`.execute(db);
  await sql`analyze queue_entries`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index queue_song_requests`.execute(db);
  await db.schema
    .createIndex('songs_platform_title')
    .on('songs')
    .columns(['platform_id', 'title'])
    .execute();
  await sql`drop index songs_platform_list`.execute(db);
  await sql`update artists set song_count = (
      select count(*) from song_artists where artist_id = artists.id)`.execute(db);
}
