import { describe, expect, it } from 'vitest';
import { tweakSeconds } from './tweak-input';

describe('tweakSeconds', () => {
  it('reads whole seconds and falls back to 0', () => {
    expect(tweakSeconds('42')).toBe(42);
    expect(tweakSeconds('12.7')).toBe(12);
    expect(tweakSeconds('')).toBe(0);
    expect(tweakSeconds('abc')).toBe(0);
    expect(tweakSeconds('-5')).toBe(0);
  });
});
