/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * Every song list names each song's artists in credit order: a lookup of the song's credits,
 * then of each artist's name. Both now come from an index alone: the credits with their
 * position (`song_id, position, artist_id`), and on PostgreSQL the artist's name beside its id
 * (SQLite's table is itself keyed by the id). Before, each credit and each artist cost a table
 * read besides the index, about half the work of presenting a page of 500 songs.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index song_artists_credits on song_artists (song_id, position, artist_id)`.execute(
    db,
  );
  // Statistics for the new index, so that a planner holding older ones for the table's key
  // (the bench's catalogue, or an operator's ANALYZE) weighs both alike.
  await sql`analyze song_artists`.execute(db);
  // PostgreSQL reads from the index alone where (auto)vacuum marked the table's pages
  // all-visible, which for a catalogue that mostly grows is nearly all of them.
  if (engineOf(db) === 'postgres') {
    await sql`create index artists_names on artists (id) include (name)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') await sql`drop index artists_names`.execute(db);
  await sql`drop index song_artists_credits`.execute(db);
}
