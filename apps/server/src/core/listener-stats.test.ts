import { describe, expect, it } from 'vitest';
import {
  clientFamily,
  monthOf,
  nextMonth,
  resolutionFor,
  rolledMonths,
  sessionBucket,
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

describe('the months of a range read from the monthly rollups', () => {
  const at = (y: number, m: number, d = 1, h = 0) => Date.UTC(y, m, d, h) / 1000;
  it('finds UTC month starts, across a year', () => {
    expect(monthOf(at(2026, 1, 17, 13))).toBe(at(2026, 1));
    expect(nextMonth(at(2025, 11))).toBe(at(2026, 0));
  });

  it('takes the whole months already rolled up, leaving the edges to the raw rows', () => {
    const through = at(2026, 5);
    expect(rolledMonths(at(2026, 0, 15), at(2026, 4, 3), through)).toEqual({
      a: at(2026, 1),
      b: at(2026, 4),
    });
    expect(rolledMonths(at(2026, 1), at(2026, 3), through)).toEqual({
      a: at(2026, 1),
      b: at(2026, 3),
    });
    // Not rolled up yet past `through`; no whole month inside.
    expect(rolledMonths(at(2026, 3), at(2026, 8), through)).toEqual({ a: at(2026, 3), b: through });
    expect(rolledMonths(at(2026, 1, 3), at(2026, 2, 20), through)).toBeNull();
    expect(rolledMonths(at(2026, 0), at(2026, 8), 0)).toBeNull();
  });
});
