import { describe, expect, it } from 'vitest';
import {
  printableAscii,
  artistHandle,
  artistLetter,
  foldText,
  searchTokens,
  SEARCH_PREFIX_MAX,
  stripHiddenFormatting,
  utcMinute,
  waitText,
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

describe('stripHiddenFormatting', () => {
  const strip = stripHiddenFormatting;

  it('removes every embedding, override and isolate, so nothing reorders the text around', () => {
    const controls = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e'];
    const isolates = ['\u2066', '\u2067', '\u2068', '\u2069'];
    for (const c of [...controls, ...isolates]) {
      expect(strip(`cool ${c}3pm.exe`), JSON.stringify(c)).toBe('cool 3pm.exe');
    }
    // Trojan Source: an override that reverses what follows, closed by PDF.
    expect(strip('access\u202e\u2066 // admin\u2069\u2066')).toBe('access // admin');
  });

  it('removes the invisible characters that only make lookalikes', () => {
    const invisible = ['\u200b', '\u2060', '\u2061', '\u2062', '\u2063', '\u2064', '\ufeff'];
    for (const c of [...invisible, '\u180e', '\u206a', '\u206f']) {
      expect(strip(`ad${c}min${c}`), JSON.stringify(c)).toBe('admin');
    }
    expect(strip('\ufeffTitle')).toBe('Title');
  });

  it('keeps the joiners of emoji sequences and of scripts that draw with them', () => {
    const kept = [
      '👩\u200d💻', // woman technologist
      '🏳\ufe0f\u200d🌈', // rainbow flag: the variation selector before the joiner
      '👨🏽\u200d🚒', // a skin tone before the joiner
      '🧑\u200d🤝\u200d🧑',
      'می\u200cخواهم', // Persian: a non-joiner inside the word
      'क्\u200dष', // Devanagari: a half form after the virama
      'ക്\u200dക', // Malayalam
    ];
    for (const text of kept) expect(strip(text), text).toBe(text);
  });

  it('drops joiners that join nothing or sit in Latin, Greek or Cyrillic words', () => {
    expect(strip('ad\u200dmin')).toBe('admin');
    expect(strip('ad\u200cmin')).toBe('admin');
    expect(strip('\u200dadmin\u200c')).toBe('admin');
    expect(strip('pa\u200dура')).toBe('paура');
    expect(strip('👩\u200d')).toBe('👩');
    expect(strip('👩 \u200d💻')).toBe('👩 💻');
    expect(strip('a\u200d💻')).toBe('a💻');
    // Hidden characters removed first cannot shelter a joiner.
    expect(strip('x\u200b\u200dy')).toBe('xy');
  });

  it('keeps direction marks in right-to-left text only', () => {
    expect(strip('שלום!\u200f')).toBe('שלום!\u200f');
    expect(strip('Song \u200eمرحبا 2')).toBe('Song \u200eمرحبا 2');
    expect(strip('نص\u061c 1')).toBe('نص\u061c 1');
    expect(strip('Title\u200e')).toBe('Title');
    expect(strip('\u200fadmin')).toBe('admin');
  });

  it('leaves other text as it was, the same string when there is nothing to remove', () => {
    for (const text of [
      '',
      'Plain title',
      'Ørsted – “Ünïcode” 🎵',
      'tab\tand\nnewline',
      '日本語',
    ]) {
      expect(strip(text)).toBe(text);
    }
  });
});

describe('waitText', () => {
  it('says seconds up to two minutes, then minutes up to two hours, then hours, rounded up', () => {
    expect(waitText(1)).toBe('1 second');
    expect(waitText(0.2)).toBe('1 second');
    expect(waitText(120)).toBe('120 seconds');
    expect(waitText(121)).toBe('3 minutes');
    expect(waitText(900)).toBe('15 minutes');
    expect(waitText(3600)).toBe('60 minutes');
    expect(waitText(7201)).toBe('3 hours');
  });
});
