import { describe, expect, it } from 'vitest';
import { createSong } from '../../test/factories';
import { FALLBACK_ARTWORK, liveMediaMetadata, mediaMetadataFor } from './media-metadata';

describe('mediaMetadataFor', () => {
  it('names the song and its artists in credit order, the station as album', () => {
    const song = createSong(1, {
      title: 'Sine Serenade',
      artists: { '7': 'Zed', '3': 'Alpha' },
      artist: 'Zed, Alpha',
      cover_art_url: `/api/art/${'ab'.repeat(32)}.png`,
    });
    expect(mediaMetadataFor(song, 'Queuecast')).toEqual({
      title: 'Sine Serenade',
      artist: 'Zed, Alpha',
      album: 'Queuecast',
      artwork: [
        { src: `/api/art/${'ab'.repeat(32)}.png?size=96`, sizes: '96x96', type: 'image/jpeg' },
        { src: `/api/art/${'ab'.repeat(32)}.png?size=512`, sizes: '512x512', type: 'image/jpeg' },
        ...FALLBACK_ARTWORK,
      ],
    });
  });

  it('gives the drawn placeholder as SVG at both sizes', () => {
    const song = createSong(3, { cover_art_url: '/api/art/placeholder/3.svg' });
    expect(mediaMetadataFor(song, 'Queuecast').artwork).toEqual([
      { src: '/api/art/placeholder/3.svg?size=96', sizes: '96x96', type: 'image/svg+xml' },
      { src: '/api/art/placeholder/3.svg?size=512', sizes: '512x512', type: 'image/svg+xml' },
      ...FALLBACK_ARTWORK,
    ]);
  });

  it('falls back to Unknown Title, the station name and the station artwork', () => {
    const untitled = createSong(2, { title: '' });
    expect(mediaMetadataFor(untitled, 'Night Radio')).toEqual({
      title: 'Unknown Title',
      artist: 'Night Radio',
      album: 'Night Radio',
      artwork: FALLBACK_ARTWORK,
    });
    expect(mediaMetadataFor(null, 'Night Radio').title).toBe('Unknown Title');
  });
});

describe('liveMediaMetadata', () => {
  it("names the DJ's title, the show and its DJ, the station's cover", () => {
    expect(
      liveMediaMetadata({ show: 'Night Moves', dj: 'deejay', title: 'Sunrise Edit' }, 'Queuecast'),
    ).toEqual({
      title: 'Sunrise Edit',
      artist: 'Night Moves with deejay',
      album: 'Queuecast',
      artwork: [...FALLBACK_ARTWORK],
    });
  });

  it('names the show while the DJ has sent no title', () => {
    expect(liveMediaMetadata({ show: 'Night Moves', dj: 'deejay', title: null }, 'Q').title).toBe(
      'Night Moves',
    );
  });
});
