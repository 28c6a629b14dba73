import { describe, expect, it } from 'vitest';
import { showStreamTitle, trackStreamTitle } from './stream-title.js';

describe('stream titles', () => {
  it('names a track by its artists in order, then its title', () => {
    expect(trackStreamTitle(['Purple Motion', 'Skaven'], 'Satellite One')).toBe(
      'Purple Motion, Skaven - Satellite One',
    );
    expect(trackStreamTitle([], 'Untitled')).toBe('Untitled');
  });

  it("names a live show by the DJ's title, else by the show and its DJ", () => {
    expect(showStreamTitle('Night Shift', 'dj_owl', 'Mixing the old ones')).toBe(
      'Mixing the old ones (Night Shift)',
    );
    expect(showStreamTitle('Night Shift', 'dj_owl', null)).toBe('Night Shift with dj_owl');
  });
});
