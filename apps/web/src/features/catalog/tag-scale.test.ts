import { describe, expect, it } from 'vitest';
import { scaleTags, tagFontSize, topTags } from './tag-scale';

describe('tagFontSize', () => {
  it('runs from 0.75 rem for the rarest to 1.5 rem for the most used', () => {
    expect(tagFontSize(1, 1, 9)).toBe(0.75);
    expect(tagFontSize(5, 1, 9)).toBe(1.125);
    expect(tagFontSize(9, 1, 9)).toBe(1.5);
  });

  it('uses the largest size when every tag has the same count', () => {
    expect(tagFontSize(4, 4, 4)).toBe(1.5);
  });
});

describe('scaleTags', () => {
  it('is bold strictly above half the maximum in the cloud', () => {
    const scaled = scaleTags({ a: 10, b: 5, c: 6, d: 1 }, 0.5);
    expect(scaled.filter((t) => t.bold).map((t) => t.tag)).toEqual(['a', 'c']);
  });

  it('is bold strictly above 70 % of the maximum among related tags', () => {
    const scaled = scaleTags({ a: 10, b: 7, c: 8 }, 0.7);
    expect(scaled.filter((t) => t.bold).map((t) => t.tag)).toEqual(['a', 'c']);
  });

  it('answers nothing for no tags', () => {
    expect(scaleTags({}, 0.5)).toEqual([]);
  });
});

describe('topTags', () => {
  it('keeps the most shared, by count then name', () => {
    expect(topTags({ b: 2, a: 2, c: 9, d: 1 }, 3)).toEqual([
      ['c', 9],
      ['a', 2],
      ['b', 2],
    ]);
  });
});
