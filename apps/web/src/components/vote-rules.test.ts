import { describe, expect, it } from 'vitest';
import { averageBarWidth, shownAverage, voteAction } from './vote-rules';

describe('shownAverage', () => {
  it("rounds the server's average, null without votes", () => {
    expect(shownAverage(null)).toBeNull();
    expect(shownAverage(3.5)).toBe(4);
    expect(shownAverage(3.33)).toBe(3);
    expect(shownAverage(5)).toBe(5);
  });

  it('draws the bar at 20 % per point', () => {
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
