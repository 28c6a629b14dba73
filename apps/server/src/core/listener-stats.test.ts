import { describe, expect, it } from 'vitest';
import {
  clientFamily,
  resolutionFor,
  rolledWeeks,
  sessionBucket,
  weekOf,
} from './listener-stats.js';

describe('clientFamily', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36',
      'browser',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
      'browser',
    ],
    ['VLC/3.0.20 LibVLC/3.0.20', 'player'],
    ['foobar2000/2.1', 'player'],
    ['AppleCoreMedia/1.0.0.21F90 (iPhone; U; CPU OS 17_5 like Mac OS X; en_us)', 'player'],
    ['Lavf/60.16.100', 'player'],
    ['Winamp/5.9', 'player'],
    ['ExoPlayerLib/2.19.1', 'app'],
    ['RadioDroid2/0.86', 'app'],
    ['okhttp/4.12.0', 'app'],
    ['Googlebot/2.1 (+http://www.google.com/bot.html)', 'bot'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bot'],
    ['curl/8.5.0', 'bot'],
    ['', 'other'],
    [undefined, 'other'],
    ['SomethingNew/1.0', 'bot'],
  ])('%s is %s', (ua, family) => {
    expect(clientFamily(ua)).toBe(family);
  });
});

describe('sessionBucket', () => {
  it('puts a length in the bucket that starts at or before it', () => {
    expect(
      [0, 59, 60, 299, 300, 899, 900, 1800, 3599, 3600, 7200, 14_399, 14_400, 1e7].map(
        sessionBucket,
      ),
    ).toEqual([0, 0, 1, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 7]);
  });
});

describe('resolutionFor', () => {
  it('draws two days by the minute, 60 days by the hour, longer by the day', () => {
    expect(resolutionFor(86_400)).toBe('minute');
    expect(resolutionFor(2 * 86_400)).toBe('minute');
    expect(resolutionFor(7 * 86_400)).toBe('hour');
    expect(resolutionFor(60 * 86_400)).toBe('hour');
    expect(resolutionFor(365 * 86_400)).toBe('day');
  });
});

describe('the weeks of a range read from the running totals', () => {
  const at = (y: number, m: number, d = 1, h = 0) => Date.UTC(y, m, d, h) / 1000;
  it('finds the UTC Monday that starts a week, across a year', () => {
    // 2026-01-01 is a Thursday: its week began on Monday 2025-12-29.
    expect(weekOf(at(2026, 0, 1, 13))).toBe(at(2025, 11, 29));
    expect(weekOf(at(2026, 0, 5))).toBe(at(2026, 0, 5));
    expect(weekOf(at(2026, 0, 4, 23))).toBe(at(2025, 11, 29));
    expect(new Date(weekOf(at(2026, 10, 28, 22)) * 1000).getUTCDay()).toBe(1);
  });

  it('takes the whole weeks already rolled up, leaving the edges to the raw rows', () => {
    const through = at(2026, 5, 1); // a Monday
    // From a Thursday to a Wednesday: the Mondays after and before.
    expect(rolledWeeks(at(2026, 0, 15), at(2026, 4, 6), through)).toEqual({
      a: at(2026, 0, 19),
      b: at(2026, 4, 4),
    });
    expect(rolledWeeks(at(2026, 1, 2), at(2026, 3, 6), through)).toEqual({
      a: at(2026, 1, 2),
      b: at(2026, 3, 6),
    });
    // Not rolled up yet past `through`; no whole week inside.
    expect(rolledWeeks(at(2026, 3, 6), at(2026, 8), through)).toEqual({
      a: at(2026, 3, 6),
      b: through,
    });
    expect(rolledWeeks(at(2026, 1, 3), at(2026, 1, 8), through)).toBeNull();
    expect(rolledWeeks(at(2026, 0), at(2026, 8), 0)).toBeNull();
  });
});
