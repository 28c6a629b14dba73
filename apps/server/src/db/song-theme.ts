import { sql, type ExpressionBuilder } from 'kysely';
import type { Database } from './schema.js';

/** What a themed show plays (the contract's ShowTheme): lists compared without case. */
export interface ThemeFilter {
  platforms: readonly string[];
  tags: readonly string[];
  artists: readonly string[];
  min_rating: number | null;
}

type WithSongs = Database & { s: Database['songs'] };
type SongsEb = ExpressionBuilder<WithSongs, 's'>;

const lower = (names: readonly string[]) => names.map((n) => n.toLowerCase());

/**
 * Songs (aliased `s`) a themed show plays: of one of its platforms, with one of its tags, by
 * one of its artists, rated at least its minimum (an unrated song counts as a 3, as the
 * auto-DJ weighs it). An empty list does not narrow.
 */
export const songInTheme = (theme: ThemeFilter) => (eb: SongsEb) => {
  const conditions = [];
  if (theme.platforms.length > 0) {
    conditions.push(
      eb(
        's.platform_id',
        'in',
        eb
          .selectFrom('platforms as p')
          .select('p.id')
          .where(sql<string>`lower(p.name)`, 'in', lower(theme.platforms)),
      ),
    );
  }
  if (theme.tags.length > 0) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('song_tags as st')
          .innerJoin('tags as t', 't.id', 'st.tag_id')
          .select('st.tag_id')
          .whereRef('st.song_id', '=', 's.id')
          .where(sql<string>`lower(t.name)`, 'in', lower(theme.tags)),
      ),
    );
  }
  if (theme.artists.length > 0) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('song_artists as sa')
          .innerJoin('artists as a', 'a.id', 'sa.artist_id')
          .select('sa.artist_id')
          .whereRef('sa.song_id', '=', 's.id')
          .where(sql<string>`lower(a.name)`, 'in', lower(theme.artists)),
      ),
    );
  }
  if (theme.min_rating !== null) {
    const min = theme.min_rating;
    conditions.push(
      eb.or([
        eb.and([eb('s.vote_count', '=', 0), eb.lit(3 >= min)]),
        eb('s.vote_total', '>=', sql<number>`${min} * s.vote_count`),
      ]),
    );
  }
  return eb.and(conditions);
};
