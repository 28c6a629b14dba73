import { describe, expect, it } from 'vitest';
import { pageInfo, pageList, parseOffset } from './page-list';

describe('pageList', () => {
  it('lists every page when there are few', () => {
    expect(pageList(0, 1)).toEqual([]);
    expect(pageList(1, 1)).toEqual([1]);
    expect(pageList(2, 1)).toEqual([1, 2]);
    expect(pageList(7, 4)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('leaves gaps far from the current page', () => {
    expect(pageList(20, 1)).toEqual([1, 2, 3, 'gap', 20]);
    expect(pageList(20, 10)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
    expect(pageList(20, 20)).toEqual([1, 'gap', 18, 19, 20]);
  });

  it('shows a single missing page instead of a gap', () => {
    expect(pageList(9, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(pageList(10, 5)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 10]);
  });
});

describe('pageInfo', () => {
  it('maps offsets to pages of a size', () => {
    expect(pageInfo(0, 1200, 500)).toEqual({ page: 1, totalPages: 3, offset: 0 });
    expect(pageInfo(500, 1200, 500)).toEqual({ page: 2, totalPages: 3, offset: 500 });
    expect(pageInfo(742, 1200, 500)).toEqual({ page: 2, totalPages: 3, offset: 500 });
  });

  it('clamps an offset past the end and counts an empty list as one page', () => {
    expect(pageInfo(5000, 1200, 500)).toEqual({ page: 3, totalPages: 3, offset: 1000 });
    expect(pageInfo(0, 0, 500)).toEqual({ page: 1, totalPages: 1, offset: 0 });
  });
});

describe('parseOffset', () => {
  it('accepts whole non-negative numbers only', () => {
    expect(parseOffset('500')).toBe(500);
    expect(parseOffset(null)).toBe(0);
    expect(parseOffset('-5')).toBe(0);
    expect(parseOffset('1.5')).toBe(0);
    expect(parseOffset('abc')).toBe(0);
  });
});
