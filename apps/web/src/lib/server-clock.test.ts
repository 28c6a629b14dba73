import { describe, expect, it } from 'vitest';
import { onServerClockChange, serverNow, syncServerClock } from './server-clock';

describe('server clock', () => {
  it('corrects the local clock by the offset seen in the last update', () => {
    syncServerClock(1_000_100.5, 1_000_000_000);
    expect(serverNow(1_000_000_000)).toBeCloseTo(1_000_100.5);
    expect(serverNow(1_000_002_000)).toBeCloseTo(1_000_102.5);
    syncServerClock(999_990, 1_000_000_000);
    expect(serverNow(1_000_000_000)).toBeCloseTo(999_990);
  });

  it('ignores an update without a usable time', () => {
    syncServerClock(2_000, 1_000_000);
    syncServerClock(Number.NaN, 1_000_000);
    expect(serverNow(1_000_000)).toBeCloseTo(2_000);
  });

  it('tells its subscribers when the offset moves, not for noise, and stops when asked', () => {
    syncServerClock(5_000, 1_000_000);
    const seen: number[] = [];
    const stop = onServerClockChange(() => seen.push(serverNow(1_000_000)));
    syncServerClock(5_000.01, 1_000_000); // 10 ms: noise
    expect(seen).toEqual([]);
    syncServerClock(5_007, 1_000_000);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeCloseTo(5_007);
    stop();
    syncServerClock(5_020, 1_000_000);
    expect(seen).toHaveLength(1);
  });
});
