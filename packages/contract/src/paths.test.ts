import { describe, expect, it } from 'vitest';
import { API, PAGES, route } from './paths.js';

describe('typed paths', () => {
  it('fills parameters, encoded', () => {
    expect(API.song.path({ id: 12 })).toBe('/api/song/12');
    expect(API.platformSongs.path({ platform: 'Amiga 500/600' })).toBe(
      '/api/platforms/Amiga%20500%2F600',
    );
  });

  it('leaves out an optional parameter that is not given', () => {
    expect(PAGES.artists.path({})).toBe('/artists');
    expect(PAGES.artists.path({ letter: 'A' })).toBe('/artists/A');
    expect(PAGES.tags.path({ tags: '' })).toBe('/tags');
  });

  it('writes a list as its items joined by plain commas', () => {
    expect(PAGES.tags.path({ tags: ['chip', 'c,64', 'drum & bass'] })).toBe(
      '/tags/chip,c%2C64,drum%20%26%20bass',
    );
  });

  it('appends a query, leaving out unset values', () => {
    expect(API.search.path({ q: 'a b', limit: 5, offset: undefined })).toBe(
      '/api/search?q=a%20b&limit=5',
    );
    expect(API.tagSongs.path({ tags: ['x'] }, { offset: 0 })).toBe('/api/tags/x?offset=0');
    expect(API.tags.path()).toBe('/api/tags');
  });

  it('keeps the pattern the server registers', () => {
    expect(API.songVote.pattern).toBe('/api/song/:id/vote');
    expect(route('/a/:b/c/:d').path({ b: 1, d: 'x' })).toBe('/a/1/c/x');
  });
});
