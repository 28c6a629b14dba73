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

/** How a song links to its tags and its artists. */
const LINKS = {
  tags: { link: 'song_tags', key: 'tag_id' },
  artists: { link: 'song_artists', key: 'artist_id' },
} as const;

/** The song (`s`) is linked to a tag or an artist whose name is among `names`, without case. */
const linkedByName = (kind: keyof typeof LINKS, names: readonly string[]) => {
  const { link, key } = LINKS[kind];
  return sql<boolean>`exists (select 1 from ${sql.table(link)} as l
    inner join ${sql.table(kind)} as n on n.id = ${sql.ref(`l.${key}`)}
    where l.song_id = s.id and lower(n.name) in (${sql.join(lower(names))}))`;
};

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
  if (theme.tags.length > 0) conditions.push(linkedByName('tags', theme.tags));
  if (theme.artists.length > 0) conditions.push(linkedByName('artists', theme.artists));
  if (theme.min_rating !== null) {
    const min = theme.min_rating;
    conditions.push(
      eb.or([
        eb.and([eb('s.vote_count', '=', 0), eb.lit(3 >= min)]),
        eb.and([
          eb('s.vote_count', '>', 0),
          eb('s.vote_total', '>=', sql<number>`${min} * s.vote_count`),
        ]),
      ]),
    );
  }
  return eb.and(conditions);
};
