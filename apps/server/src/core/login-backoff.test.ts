import { describe, expect, it } from 'vitest';
import { loginBackoffSeconds } from './login-backoff.js';

describe('loginBackoffSeconds', () => {
  it('lets the first failures go, then doubles the wait up to the cap', () => {
    const waits = Array.from({ length: 16 }, (_, n) => loginBackoffSeconds(n, 3, 900));
    expect(waits).toEqual([0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('never overflows, however many failures', () => {
    expect(loginBackoffSeconds(10_000, 3, 900)).toBe(900);
  });
});
