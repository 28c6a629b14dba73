import type { Song } from '@queuecast/contract';

/**
 * A song's artists as [id, name] in credit order. The `artists` map is keyed by id, so JSON
 * orders it by id; the joined `artist` text keeps the credit order.
 */
export function creditedArtists(song: Pick<Song, 'artists' | 'artist'>): [string, string][] {
  const credited = song.artist ?? '';
  return Object.entries(song.artists).sort(
    ([, a], [, b]) => credited.indexOf(a) - credited.indexOf(b),
  );
}
