import { describe, expect, it } from 'vitest';
import { maskWords, utcMinute } from './chat-rules.js';

describe('maskWords', () => {
  it('masks whole words whatever their case, and leaves the rest', () => {
    expect(maskWords('Darn it, DARN!', ['darn'])).toBe('**** it, ****!');
    expect(maskWords('darning socks', ['darn'])).toBe('darning socks');
    expect(maskWords('no filter', [])).toBe('no filter');
  });

  it('takes words with pattern characters literally, and letters beyond ASCII', () => {
    expect(maskWords('a+b or ab', ['a+b'])).toBe('*** or ab');
    expect(maskWords('Käse und käsekuchen', ['käse'])).toBe('**** und käsekuchen');
  });
});

describe('utcMinute', () => {
  it('writes the minute in UTC', () => {
    expect(utcMinute(Date.UTC(2026, 10, 23, 14, 5, 59) / 1000)).toBe('2026-11-23 14:05 UTC');
  });
});
