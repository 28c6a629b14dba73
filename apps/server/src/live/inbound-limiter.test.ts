import { describe, expect, it } from 'vitest';
import { InboundLimiter } from './inbound-limiter.js';

const limits = { burst: 3, perSecond: 2, closeAfter: 4 };

describe('InboundLimiter', () => {
  it('accepts a burst, then one message per 1/perSecond', () => {
    const limiter = new InboundLimiter(limits, 0);
    expect([0, 0, 0].map((t) => limiter.take(t))).toEqual(['accept', 'accept', 'accept']);
    expect(limiter.take(0)).toBe('drop');
    expect(limiter.take(400)).toBe('drop');
    expect(limiter.take(500)).toBe('accept');
    expect(limiter.take(1000)).toBe('accept');
    expect(limiter.take(1000)).toBe('drop');
  });

  it('refills to the burst, never beyond', () => {
    const limiter = new InboundLimiter(limits, 0);
    const verdicts = [0, 0, 0, 0].map(() => limiter.take(60_000));
    expect(verdicts).toEqual(['accept', 'accept', 'accept', 'drop']);
  });

  it('asks to close a client that keeps sending past the limit', () => {
    const limiter = new InboundLimiter(limits, 0);
    const verdicts = Array.from({ length: 8 }, () => limiter.take(0));
    expect(verdicts).toEqual([
      'accept',
      'accept',
      'accept',
      'drop',
      'drop',
      'drop',
      'close',
      'close',
    ]);
  });

  it('forgives a client that slows down to the rate', () => {
    const limiter = new InboundLimiter(limits, 0);
    for (let i = 0; i < 6; i++) limiter.take(0); // three strikes: one short of closing
    const verdicts = Array.from({ length: 20 }, (_, i) => limiter.take(500 + i * 500));
    expect(verdicts).toEqual(Array(20).fill('accept'));
  });

  it('closes a client at three times the rate, within closeAfter / perSecond seconds', () => {
    const limiter = new InboundLimiter(limits, 0);
    let t = 0;
    let verdict = limiter.take(t);
    while (verdict !== 'close' && t < 10_000) verdict = limiter.take((t += 1000 / 6));
    expect(verdict).toBe('close');
    expect(t).toBeGreaterThan(1000);
    expect(t).toBeLessThan(4000);
  });
});
