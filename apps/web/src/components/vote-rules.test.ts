import { describe, expect, it } from 'vitest';
import { averageBarWidth, averageScore, voteAction } from './vote-rules';

describe('averageScore', () => {
  it('rounds total over count, null without votes', () => {
    expect(averageScore(0, 0)).toBeNull();
    expect(averageScore(7, 2)).toBe(4);
    expect(averageScore(10, 3)).toBe(3);
    expect(averageBarWidth(4)).toBe('80%');
    expect(averageBarWidth(null)).toBe('0%');
  });
});

describe('voteAction', () => {
  it('sets a new score and removes the same one', () => {
    expect(voteAction(4, undefined, true)).toEqual({ kind: 'set', vote: 4 });
    expect(voteAction(2, 4, true)).toEqual({ kind: 'set', vote: 2 });
    expect(voteAction(4, 4, true)).toEqual({ kind: 'remove' });
  });

  it('does nothing when logged out or out of range', () => {
    expect(voteAction(3, undefined, false)).toEqual({ kind: 'none' });
    expect(voteAction(0, undefined, true)).toEqual({ kind: 'none' });
    expect(voteAction(6, undefined, true)).toEqual({ kind: 'none' });
    expect(voteAction(2.5, undefined, true)).toEqual({ kind: 'none' });
  });
});
