import type { ExpressionBuilder } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** The names of a song's artists, in credit order. */
export async function songArtistNames(db: Db, songId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('song_artists as sa')
    .innerJoin('artists as a', 'a.id', 'sa.artist_id')
    .select('a.name')
    .where('sa.song_id', '=', songId)
    .orderBy('sa.position')
    .execute();
  return rows.map((a) => a.name);
}

/**
 * The name of the first-credited artist of the song aliased `s`, as a column `artist`: for the
 * lists that show one artist per song (comments, the feed, the review list).
 */
export const firstArtistName = (eb: ExpressionBuilder<Database & { s: Database['songs'] }, 's'>) =>
  eb
    .selectFrom('song_artists as sa')
    .innerJoin('artists as a', 'a.id', 'sa.artist_id')
    .select('a.name')
    .whereRef('sa.song_id', '=', 's.id')
    .orderBy('sa.position')
    .limit(1)
    .as('artist');
