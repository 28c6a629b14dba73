import { describe, expect, it } from 'vitest';
import { chooseWeighted, spacedPool, weightOf } from './auto-dj.js';

/** A fixed random source: the given values over and over. */
const fixed = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

const song = (id: number, votes: [number, number] = [0, 0]) => ({
  id,
  vote_count: votes[0],
  vote_total: votes[1],
});

// Songs 1..6 by artists 10..60 (song 6 by 10 and 60 together).
const ARTISTS = new Map<number, number[]>([
  [1, [10]],
  [2, [20]],
  [3, [30]],
  [4, [40]],
  [5, [50]],
  [6, [10, 60]],
]);
const artistsOf = (c: { id: number }) => ARTISTS.get(c.id) ?? [];

describe('artist spacing', () => {
  it('leaves out every artist of the last N plays', () => {
    const candidates = [1, 2, 3, 4, 5, 6].map((id) => song(id));
    const recent = [[20], [10], [30], [40]]; // newest first
    const { pool, spacing } = spacedPool(candidates, artistsOf, recent, 3);
    expect(spacing).toBe(3);
    // 1 and 6 (artist 10, two plays back), 2 and 3 are out; 4 was heard four plays back.
    expect(pool.map((c) => c.id)).toEqual([4, 5]);
    expect(spacedPool(candidates, artistsOf, recent, 4).pool.map((c) => c.id)).toEqual([5]);
  });

  it('shrinks the spacing as far as the candidates need, down to none', () => {
    const recent = [[20], [10], [30]];
    // Only artists of the last three: 3 keeps a spacing of 2 (30 was heard three plays back).
    const three = spacedPool([song(1), song(2), song(3)], artistsOf, recent, 3);
    expect(three).toEqual({ pool: [song(3)], spacing: 2 });
    // 1 keeps 1 (10 was heard two plays back), 2 was just played.
    expect(spacedPool([song(1), song(2)], artistsOf, recent, 3)).toEqual({
      pool: [song(1)],
      spacing: 1,
    });
    // One song left, by the artist just played: it still plays.
    expect(spacedPool([song(2)], artistsOf, recent, 3)).toEqual({ pool: [song(2)], spacing: 0 });
    expect(spacedPool([], artistsOf, recent, 3)).toEqual({ pool: [], spacing: 0 });
  });

  it('with a spacing of 0 or no history, every candidate', () => {
    const candidates = [1, 2].map((id) => song(id));
    expect(spacedPool(candidates, artistsOf, [[10], [20]], 0).pool).toHaveLength(2);
    expect(spacedPool(candidates, artistsOf, [], 3)).toEqual({ pool: candidates, spacing: 0 });
  });
});

describe('the auto-DJ choice', () => {
  it('draws by weight among the spaced candidates only', () => {
    // 1 (a 5-star song) is by the artist just played; 4 and 5 are left.
    const candidates = [song(1, [2, 10]), song(4, [1, 1]), song(5)];
    const recent = [[10], [20], [30]];
    // Weights among the pool: 4 -> 1, 5 -> 9; total 10.
    expect(chooseWeighted(candidates, ARTISTS, recent, 3, fixed(0.05))?.id).toBe(4);
    expect(chooseWeighted(candidates, ARTISTS, recent, 3, fixed(0.15))?.id).toBe(5);
    expect(chooseWeighted(candidates, ARTISTS, recent, 3, fixed(0.99))?.id).toBe(5);
    // Without spacing the 5-star song takes 25 of 35.
    expect(chooseWeighted(candidates, ARTISTS, recent, 0, fixed(0.5))?.id).toBe(1);
    expect(weightOf(song(1, [2, 10]))).toBe(25);
  });

  it('never repeats an artist within N plays while the library allows it, over many picks', () => {
    const random = fixed(0.13, 0.71, 0.42, 0.97, 0.05, 0.58, 0.33, 0.86);
    const candidates = [1, 2, 3, 4, 5].map((id) => song(id));
    const played: number[][] = [];
    for (let i = 0; i < 200; i++) {
      const recent = played.slice(-3).reverse();
      const pick = chooseWeighted(candidates, ARTISTS, recent, 3, random)!;
      for (const back of recent) expect(back).not.toContain(ARTISTS.get(pick.id)![0]);
      played.push(ARTISTS.get(pick.id)!);
    }
  });

  it('nothing to choose from: nothing', () => {
    expect(chooseWeighted([], ARTISTS, [], 3, fixed(0.5))).toBeUndefined();
  });
});
