import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter.js';

describe('RateLimiter', () => {
  it('allows `limit` hits per window per key and says how long to wait', () => {
    let now = 1_000_000;
    const limiter = new RateLimiter(2, 10_000, () => now);
    expect(limiter.take('a')).toBe(0);
    now += 1000;
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(9);
    expect(limiter.take('b')).toBe(0);
    now += 9001;
    expect(limiter.take('a')).toBe(0);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter(1, 60_000);
    limiter.record('k');
    expect(limiter.retryAfter('k')).toBeGreaterThan(0);
    limiter.reset('k');
    expect(limiter.retryAfter('k')).toBe(0);
  });
});
