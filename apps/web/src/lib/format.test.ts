import { describe, expect, it } from 'vitest';
import { formatLength, plural } from './format';

describe('formatLength', () => {
  it('writes minutes and zero-padded seconds', () => {
    expect(formatLength(0)).toBe('0:00');
    expect(formatLength(5)).toBe('0:05');
    expect(formatLength(65)).toBe('1:05');
    expect(formatLength(600)).toBe('10:00');
    expect(formatLength(3725)).toBe('62:05');
  });

  it('rounds fractions and treats missing or negative lengths as zero', () => {
    expect(formatLength(59.6)).toBe('1:00');
    expect(formatLength(-3)).toBe('0:00');
    expect(formatLength(Number.NaN)).toBe('0:00');
    expect(formatLength(null)).toBe('0:00');
  });
});

describe('plural', () => {
  it('uses the singular for exactly one', () => {
    expect(plural(1, 'song')).toBe('1 song');
    expect(plural(0, 'song')).toBe('0 songs');
    expect(plural(2, 'vote')).toBe('2 votes');
  });
});
