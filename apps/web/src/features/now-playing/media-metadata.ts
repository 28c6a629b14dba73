import type { Song } from '@queuecast/contract';
import { creditedArtists } from '../../lib/artist-credits';

/** Cover art when the song has none: the station's own, as PNG and SVG (public/). */
export const FALLBACK_ARTWORK: readonly MediaImage[] = [
  { src: '/cover-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/cover.svg', sizes: '512x512', type: 'image/svg+xml' },
];

/**
 * What the operating system's media controls show for the song heard: its title or 'Unknown Title',
 * its artists joined by ', ' or the station's name, the station as the album, its cover art before
 * the fallback images.
 */
export function mediaMetadataFor(
  song: Pick<Song, 'title' | 'artists' | 'artist' | 'cover_art_url'> | null,
  stationName: string,
): MediaMetadataInit {
  const artists = song ? creditedArtists(song).map(([, name]) => name) : [];
  return {
    title: song?.title || 'Unknown Title',
    artist: artists.length > 0 ? artists.join(', ') : stationName,
    album: stationName,
    artwork: [...(song?.cover_art_url ? [{ src: song.cover_art_url }] : []), ...FALLBACK_ARTWORK],
  };
}
