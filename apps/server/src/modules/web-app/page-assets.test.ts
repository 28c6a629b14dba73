import { describe, expect, it } from 'vitest';
import { PageAssets, patternRegExp } from './page-assets.js';

describe('page assets', () => {
  it('matches a pathname against a route pattern, optional parts and a last slash included', () => {
    const song = patternRegExp('/song/:id');
    expect(['/song/7', '/song/7/'].map((p) => song.test(p))).toEqual([true, true]);
    expect(['/song', '/song/7/x', '/songs/7'].map((p) => song.test(p))).toEqual([
      false,
      false,
      false,
    ]);
    const artists = patternRegExp('/artists/:letter?');
    expect(['/artists', '/artists/A', '/artists/A/B'].map((p) => artists.test(p))).toEqual([
      true,
      true,
      false,
    ]);
    expect(patternRegExp('/').test('/')).toBe(true);
    expect(patternRegExp('/').test('/x')).toBe(false);
    expect(patternRegExp('/admin/users').test('/admin/users')).toBe(true);
  });

  it('names each page its own files first, then those of every page, each once', () => {
    const assets = new PageAssets({
      always: ['/assets/panel-1.js', '/assets/common-1.js'],
      pages: { queue: ['/assets/queue-1.js', '/assets/common-1.js'], nonsense: ['/assets/x.js'] },
    });
    expect(
      assets
        .tagsFor('/')
        .split('\n')
        .map((t) => t.trim()),
    ).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/queue-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/common-1.js" />',
      '<link rel="modulepreload" crossorigin href="/assets/panel-1.js" />',
    ]);
    expect(assets.tagsFor('/login')).not.toContain('queue-1');
  });
});
