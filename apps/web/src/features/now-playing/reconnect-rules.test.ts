import { describe, expect, it } from 'vitest';
import { ProgressWatch, retryDelay, STALL_MS, START_MS } from './reconnect-rules';

describe('reconnect rules', () => {
  it('waits a little longer after each failure in a row, never above 4 s', () => {
    expect([0, 1, 2, 3, 4, 50].map(retryDelay)).toEqual([0, 1000, 2000, 4000, 4000, 4000]);
  });

  it('calls a playing stream stalled once its clock stood still for STALL_MS', () => {
    const watch = new ProgressWatch(0);
    expect(watch.sample(0, 0)).toBe(false);
    expect(watch.sample(0.5, 500)).toBe(false);
    expect(watch.hasStarted).toBe(true);
    expect(watch.sample(1, 1000)).toBe(false);
    // The network drops: the clock stops at 1 s.
    expect(watch.sample(1, 1000 + STALL_MS - 1)).toBe(false);
    expect(watch.sample(1, 1000 + STALL_MS)).toBe(true);
  });

  it('gives a fresh stream START_MS to begin, and moving again clears a stall', () => {
    const watch = new ProgressWatch(0);
    expect(watch.sample(0, 0)).toBe(false);
    expect(watch.sample(0, STALL_MS + 1)).toBe(false);
    expect(watch.sample(0, START_MS)).toBe(true);
    expect(watch.hasStarted).toBe(false);
    expect(watch.sample(0.2, START_MS + 100)).toBe(false);
    expect(watch.sample(0.2, START_MS + 100 + STALL_MS - 1)).toBe(false);
  });
});
