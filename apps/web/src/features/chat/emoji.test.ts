import { describe, expect, it } from 'vitest';
import { CUSTOM_EMOJI, STANDARD_EMOJI } from './emoji';

describe('emoji picker set', () => {
  it('offers 44 distinct standard emoji and the 6 custom codes', () => {
    expect(new Set(STANDARD_EMOJI).size).toBe(44);
    expect(CUSTOM_EMOJI).toEqual(['troll', 'allthethings', 'yey', 'yuno', 'jackie', 'farnsworth']);
  });
});
