import { describe, expect, it } from 'vitest';
import { clientFamily, resolutionFor, sessionBucket } from './listener-stats.js';

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
