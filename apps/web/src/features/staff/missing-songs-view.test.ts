import { describe, expect, it } from 'vitest';
import { pageLabel, readFilter, showingLabel, writeFilter } from './missing-songs-view';

const params = (query: string) => new URLSearchParams(query);

describe('readFilter', () => {
  it('reads page, platform and search term', () => {
    expect(readFilter(params('page=3&platform=Amiga&q=%20zepto%20'))).toEqual({
      page: 3,
      platform: 'Amiga',
      q: 'zepto',
    });
  });

  it('falls back to page 1 and no filter for junk or absent values', () => {
    const first = { page: 1, platform: undefined, q: undefined };
    expect(readFilter(params(''))).toEqual(first);
    expect(readFilter(params('page=0&q=%20%20&platform='))).toEqual(first);
    expect(readFilter(params('page=-2'))).toEqual(first);
    expect(readFilter(params('page=2.5'))).toEqual(first);
    expect(readFilter(params('page=abc'))).toEqual(first);
  });
});

describe('writeFilter', () => {
  it('moves between pages, keeping the filter', () => {
    const next = writeFilter(params('q=zepto&platform=Amiga'), { page: 4 });
    expect(next.toString()).toBe('q=zepto&platform=Amiga&page=4');
    expect(writeFilter(next, { page: 1 }).toString()).toBe('q=zepto&platform=Amiga');
  });

  it('starts again at page 1 when the search term or the platform changes', () => {
    expect(writeFilter(params('page=5&q=old'), { q: 'new' }).toString()).toBe('q=new');
    expect(writeFilter(params('page=5'), { platform: 'C64' }).toString()).toBe('platform=C64');
    expect(writeFilter(params('page=5&platform=C64'), { platform: undefined }).toString()).toBe('');
  });

  it('keeps the page when the same term comes back', () => {
    expect(writeFilter(params('q=zepto&page=2'), { q: ' zepto ' }).toString()).toBe(
      'q=zepto&page=2',
    );
  });

  it('leaves out blank values and keeps unrelated parameters', () => {
    expect(writeFilter(params('utm=x&q=a'), { q: '  ' }).toString()).toBe('utm=x');
  });
});

describe('labels', () => {
  it('says which page of how many', () => {
    expect(pageLabel(2, 11)).toBe('Page 2 of 11');
    expect(pageLabel(1, 0)).toBe('Page 1 of 1');
  });

  it('counts the rows on this page against the total', () => {
    expect(showingLabel(50, 523)).toBe('Showing 50 of 523 songs');
    expect(showingLabel(0, 0)).toBe('Showing 0 of 0 songs');
  });
});
