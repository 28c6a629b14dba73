import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock.js';
import fc from 'fast-check';
import { boundaryRank, effectiveLockSeconds, maxLocked } from './lock-window.js';
import { isLocked } from './song-rules.js';

const HOUR = 3600;

/** Locked songs among `plays` (epoch seconds or null) under the effective window. */
function lockedCount(plays: (number | null)[], lockSeconds: number, now: number) {
  const k = maxLocked(plays.length);
  const played = plays.filter((p): p is number => p !== null).sort((a, b) => b - a);
  const boundary = played[k] ?? null;
  const w = effectiveLockSeconds({
    lockSeconds,
    now,
    boundaryPlayedAt: boundary,
  });
  return { w, locked: plays.filter((p) => isLocked(p, now, { lockSeconds: w })).length };
}

describe('effective lock window', () => {
  it('a 12-song catalogue played back to back keeps at most 6 locked', () => {
    const clock = fixedClock(1_000_000);
    const plays: (number | null)[] = Array(12).fill(null);
    for (let i = 0; i < 48; i++) {
      plays[i % 12] = clock.now();
      clock.advance(150);
      const { w, locked } = lockedCount(plays, 12 * HOUR, clock.now());
      expect(locked).toBeLessThanOrEqual(6);
      expect(w).toBeLessThanOrEqual(12 * HOUR);
    }
    const { w, locked } = lockedCount(plays, 12 * HOUR, clock.now());
    expect(locked).toBe(6);
    expect(w).toBe(7 * 150);
  });

  it('ties at the boundary unlock together: never more than K locked', () => {
    const now = 10_000;
    const plays = [9_000, 9_000, 9_000, 9_000];
    const { w, locked } = lockedCount(plays, 12 * HOUR, now);
    expect(w).toBe(1_000);
    expect(locked).toBe(0);
    expect(lockedCount([9_500, 9_000, 9_000, 9_000], 12 * HOUR, now).locked).toBe(1);
  });

  it('a 100,000-song catalogue keeps the configured window', () => {
    const clock = fixedClock(5_000_000);
    const plays: (number | null)[] = Array(100_000).fill(null);
    for (let i = 0; i < 300; i++) {
      plays[i] = clock.now();
      clock.advance(200);
    }
    const { w, locked } = lockedCount(plays, 12 * HOUR, clock.now());
    expect(w).toBe(12 * HOUR);
    expect(locked).toBe(215);
    expect(isLocked(clock.now() - HOUR, clock.now(), { lockSeconds: w })).toBe(true);
  });

  it('with one playable song or none nothing stays locked', () => {
    expect(maxLocked(1)).toBe(0);
    expect(lockedCount([999], HOUR, 1_000).locked).toBe(0);
    expect(effectiveLockSeconds({ lockSeconds: HOUR, now: 5, boundaryPlayedAt: null })).toBe(HOUR);
  });

  it('a boundary play older than the configured window leaves it unchanged', () => {
    expect(
      effectiveLockSeconds({
        lockSeconds: HOUR,
        now: 10 * HOUR,
        boundaryPlayedAt: 0,
      }),
    ).toBe(HOUR);
  });

  it('finds the boundary from the plays and a count capped at twice the plays', () => {
    // The capped count gives the same boundary as counting the whole catalogue.
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), (a, b) => {
        const [played, playable] = a <= b ? [a, b] : [b, a];
        const k = maxLocked(playable);
        const whole = played >= k + 1 ? k + 1 : null;
        expect(boundaryRank(played, Math.min(playable, 2 * played))).toBe(whole);
      }),
    );
    expect(boundaryRank(0, 0)).toBeNull();
    expect(boundaryRank(1, 1)).toBe(1);
    expect(boundaryRank(3, 4)).toBe(3);
    expect(boundaryRank(2, 4)).toBeNull();
  });
});
