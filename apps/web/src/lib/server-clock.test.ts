import { describe, expect, it } from 'vitest';
import { serverNow, syncServerClock } from './server-clock';

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
});
