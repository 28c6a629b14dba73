import { ART_SIZES, coverArtAt, coverArtType, type Song } from '@queuecast/contract';
import { creditedArtists } from '../../lib/artist-credits';

/** Cover art when the song has none: the station's own, as PNG and SVG (public/). */
export const FALLBACK_ARTWORK: readonly MediaImage[] = [
  { src: '/cover-512.png', sizes: '512x512', type: 'image/png' },
  { src: '/cover.svg', sizes: '512x512', type: 'image/svg+xml' },
];

/** A song's cover at each of the server's sizes, with its size and type, smallest first. */
export function songArtwork(url: string | null): MediaImage[] {
  if (!url) return [];
  const type = coverArtType(url);
  return ART_SIZES.map((size) => ({ src: coverArtAt(url, size), sizes: `${size}x${size}`, type }));
}

/**
 * What the operating system's media controls show for the song heard: its title or 'Unknown Title',
 * its artists joined by ', ' or the station's name, the station as the album, its cover art (96
 * and 512 pixels) before the fallback images.
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
    artwork: [...songArtwork(song?.cover_art_url ?? null), ...FALLBACK_ARTWORK],
  };
}

/**
 * The media controls during a live show: the DJ's current title (or the show's name), the show
 * and its DJ as the artist, the station as the album, the station's cover.
 */
export function liveMediaMetadata(
  live: { show: string; dj: string; title: string | null },
  stationName: string,
): MediaMetadataInit {
  return {
    title: live.title?.trim() ? live.title : live.show,
    artist: `${live.show} with ${live.dj}`,
    album: stationName,
    artwork: [...FALLBACK_ARTWORK],
  };
}
