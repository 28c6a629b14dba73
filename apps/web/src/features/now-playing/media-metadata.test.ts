import { describe, expect, it } from 'vitest';
import { createSong } from '../../test/factories';
import { FALLBACK_ARTWORK, mediaMetadataFor } from './media-metadata';

describe('mediaMetadataFor', () => {
  it('names the song and its artists in credit order, the station as album', () => {
    const song = createSong(1, {
      title: 'Sine Serenade',
      artists: { '7': 'Zed', '3': 'Alpha' },
      artist: 'Zed, Alpha',
      cover_art_url: '/covers/1.jpg',
    });
    expect(mediaMetadataFor(song, 'Queuecast')).toEqual({
      title: 'Sine Serenade',
      artist: 'Zed, Alpha',
      album: 'Queuecast',
      artwork: [{ src: '/covers/1.jpg' }, ...FALLBACK_ARTWORK],
    });
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
