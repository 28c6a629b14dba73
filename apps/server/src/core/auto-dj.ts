/**
 * How the auto-DJ chooses among the songs it may play: weighted toward better-rated songs,
 * keeping the artists of the last few plays apart.
 */

/** What the choice needs to know of a song. */
export interface WeighedSong {
  id: number;
  vote_count: number;
  vote_total: number;
}

/** The artists of the last plays, newest first: one list of artist ids per play. */
export type RecentArtists = readonly (readonly number[])[];

/** An unrated song is weighed as if it averaged this, so it keeps a fair chance. */
export const UNRATED_SCORE = 3;

/** The auto-DJ's weight: the average vote squared, so a 5 is ~2.8x as likely as a 3. */
export function weightOf(song: Omit<WeighedSong, 'id'>): number {
  const avg = song.vote_count > 0 ? song.vote_total / song.vote_count : UNRATED_SCORE;
  return avg * avg;
}

/**
 * Artist spacing: the candidates sharing no artist with the last `spacing` plays. When none
 * does, the spacing shrinks one play at a time, down to 0 (every candidate), so a library too
 * small for the rule still plays; the pool is then those that keep the largest spacing any
 * candidate can keep. Answers the pool and the spacing it keeps.
 */
export function spacedPool<T>(
  candidates: readonly T[],
  artistsOf: (candidate: T) => readonly number[],
  recent: RecentArtists,
  spacing: number,
): { pool: T[]; spacing: number } {
  const limit = Math.max(0, Math.min(spacing, recent.length));
  // How many plays back each candidate's artists were last heard (limit: not within the window).
  const distance = candidates.map((c) => {
    const artists = artistsOf(c);
    const back = recent.slice(0, limit).findIndex((play) => play.some((a) => artists.includes(a)));
    return back === -1 ? limit : back;
  });
  const kept = distance.length > 0 ? Math.max(...distance) : 0;
  return { pool: candidates.filter((_, i) => distance[i]! >= kept), spacing: kept };
}

/** Weighted random choice among the candidates that keep the artist spacing. */
export function chooseWeighted<T extends WeighedSong>(
  candidates: readonly T[],
  artists: ReadonlyMap<number, readonly number[]>,
  recent: RecentArtists,
  spacing: number,
  random: () => number,
): T | undefined {
  const { pool } = spacedPool(candidates, (c) => artists.get(c.id) ?? [], recent, spacing);
  const total = pool.reduce((sum, c) => sum + weightOf(c), 0);
  let r = random() * total;
  for (const c of pool) {
    r -= weightOf(c);
    if (r < 0) return c;
  }
  return pool.at(-1);
}
