import { describe, expect, it } from 'vitest';
import { tweakRefusal } from './tweak-rules.js';

const tweak = (h_skip: number, h_length: number, h_fadeout = 0) => ({
  h_skip,
  h_length,
  h_fadeout,
});

describe('tweakRefusal', () => {
  it('takes what lies within the song', () => {
    expect(tweakRefusal(tweak(0, 0), 120)).toBeNull();
    expect(tweakRefusal(tweak(10, 110, 5), 120)).toBeNull();
    expect(tweakRefusal(tweak(119, 0, 1), 120.4)).toBeNull();
  });

  it('refuses a skip or a length past the end', () => {
    expect(tweakRefusal(tweak(120, 0), 120)).toBe(
      "h_skip must be less than the song's length (120 s).",
    );
    expect(tweakRefusal(tweak(10, 111), 120)).toBe(
      "h_skip + h_length must be at most the song's length (120 s).",
    );
  });

  it('refuses a fade longer than what plays', () => {
    expect(tweakRefusal(tweak(0, 20, 21), 120)).toBe(
      'h_fadeout must be at most what plays (20 s).',
    );
    expect(tweakRefusal(tweak(100, 0, 21), 120)).toBe(
      'h_fadeout must be at most what plays (20 s).',
    );
  });

  it('takes any skip and length when the length is unknown', () => {
    expect(tweakRefusal(tweak(500, 30, 30), 0)).toBeNull();
  });
});
