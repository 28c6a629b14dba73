import { describe, expect, it } from 'vitest';
import { rankSearchMatches } from './search-rank.js';

describe('search ranking', () => {
  it('puts whole-word matches first, then words in the query order, then shorter titles', () => {
    const candidates = [
      { id: 1, document: 'neonlight dreams artist one' },
      { id: 2, document: 'dream of neon artist two' },
      { id: 3, document: 'neon dreams artist three' },
      { id: 4, document: 'neon dream a very long title indeed artist four' },
      { id: 5, document: 'neon dream artist five' },
    ];
    // 'neon' and 'dream' whole: 2, 4, 5; in the query's order: 4 and 5; shorter: 5.
    expect(rankSearchMatches(['neon', 'dream'], candidates, 10)).toEqual([5, 4, 2, 3, 1]);
  });

  it('breaks ties by the older song and answers at most `limit`', () => {
    const candidates = [
      { id: 9, document: 'sunset' },
      { id: 3, document: 'sunset' },
      { id: 7, document: 'sunset' },
    ];
    expect(rankSearchMatches(['sun'], candidates, 2)).toEqual([3, 7]);
    expect(rankSearchMatches(['sun'], [], 5)).toEqual([]);
  });
});
