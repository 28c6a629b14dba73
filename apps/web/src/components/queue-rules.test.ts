import { describe, expect, it } from 'vitest';
import { queueBody } from './queue-rules';

describe('queueBody', () => {
  it('adds the pick to the filter', () => {
    expect(queueBody({ artist_id: 7 }, 'least_recent')).toEqual({
      artist_id: 7,
      least_recent: true,
    });
    expect(queueBody({ platform: 'Amiga' }, 'random')).toEqual({ platform: 'Amiga' });
    expect(queueBody({ tags: ['a', 'b'] }, 'min3')).toEqual({ tags: ['a', 'b'], min_vote: 3 });
    expect(queueBody({ from_favorites: true }, 'min4')).toEqual({
      from_favorites: true,
      min_vote: 4,
    });
  });
});
