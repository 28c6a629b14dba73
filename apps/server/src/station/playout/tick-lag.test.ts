import { describe, expect, it } from 'vitest';
import { TickLag } from './tick-lag.js';

describe('TickLag', () => {
  it('keeps the worst delay past the interval until it is read', () => {
    const lag = new TickLag(250);
    lag.mark(1000);
    lag.mark(1250); // on time
    lag.mark(1580); // 80 ms late
    lag.mark(1840); // 10 ms late
    expect(lag.takeWorst()).toBeCloseTo(0.08, 6);
    expect(lag.takeWorst()).toBe(0);
    lag.mark(2000); // early (the interval caught up): not negative
    expect(lag.takeWorst()).toBe(0);
  });
});
