import { describe, expect, it } from 'vitest';
import {
  printableAscii,
  artistHandle,
  artistLetter,
  foldText,
  searchTokens,
  SEARCH_PREFIX_MAX,
  utcMinute,
  wordPrefixes,
} from './text.js';

describe('text helpers', () => {
  it('keeps header text to printable ASCII', () => {
    expect(printableAscii('Radio Ünïcode\r\nX-Injected: 1')).toBe('Radio ?n?code??X-Injected: 1');
  });

  it('lists every prefix of every word once, up to the longest indexed', () => {
    expect(wordPrefixes('neon ne 64')).toEqual(['n', 'ne', 'neo', 'neon', '6', '64']);
    expect(wordPrefixes('ørsted')).toEqual(['ø', 'ør', 'ørs', 'ørst', 'ørste', 'ørsted']);
    const long = wordPrefixes('x'.repeat(100));
    expect(long).toHaveLength(SEARCH_PREFIX_MAX);
    expect(long.at(-1)).toBe('x'.repeat(SEARCH_PREFIX_MAX));
    expect(wordPrefixes('!!')).toEqual([]);
  });

  it('folds case and accents', () => {
    expect(foldText('Amigà ÉTÉ Ørsted')).toBe('amiga ete ørsted');
  });
  it('turns any input into plain search words', () => {
    expect(searchTokens(`Robert'); DROP TABLE songs;-- "quoted" a*b`)).toEqual([
      'robert',
      'drop',
      'table',
      'songs',
      'quoted',
      'a',
      'b',
    ]);
    expect(searchTokens('!!! ---')).toEqual([]);
  });
  it('buckets artists by letter', () => {
    expect(artistLetter('Élan')).toBe('E');
    expect(artistLetter('4mat')).toBe('0-9');
    expect(artistLetter('!Tuna')).toBe('-');
    expect(artistLetter('ümlaut')).toBe('U');
  });
  it('makes handles', () => {
    expect(artistHandle('Jester & Chromag')).toBe('jester-chromag');
    expect(artistHandle('!!!')).toBe('artist');
  });
});

describe('utcMinute', () => {
  it('writes the minute in UTC', () => {
    expect(utcMinute(Date.UTC(2026, 10, 23, 14, 5, 59) / 1000)).toBe('2026-11-23 14:05 UTC');
  });
});
