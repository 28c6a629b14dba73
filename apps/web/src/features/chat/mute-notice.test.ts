import { describe, expect, it } from 'vitest';
import { muteActive, muteEndText, mutedUntilOf, muteNotice } from './mute-notice';

// 2024-06-03 14:05:00 UTC.
const T = Date.UTC(2024, 5, 3, 14, 5) / 1000;

describe('mute notice', () => {
  const utc = { locale: 'en-GB', timeZone: 'UTC' };
  const helsinki = { locale: 'en-GB', timeZone: 'Europe/Helsinki' };

  it('names the end time in the local time zone and locale', () => {
    expect(muteEndText(T, T - 300, utc)).toBe('14:05');
    expect(muteEndText(T, T - 300, helsinki)).toBe('17:05');
    expect(muteEndText(T, T - 300, { locale: 'en-US', timeZone: 'UTC' })).toMatch(/^02:05\sPM$/);
    expect(muteNotice(T, T - 300, utc)).toBe('You are muted until 14:05.');
  });

  it('adds the date when the mute ends on another local day', () => {
    expect(muteEndText(T + 24 * 3600, T, utc)).toBe('4 Jun, 14:05');
    // 23:05 UTC on the 3rd is already 02:05 on the 4th in Helsinki.
    expect(muteEndText(T + 12 * 3600, T, helsinki)).toBe('4 Jun, 05:05');
    expect(muteEndText(T + 9 * 3600, T, utc)).toBe('23:05');
    expect(muteEndText(T + 9 * 3600, T, helsinki)).toBe('4 Jun, 02:05');
  });

  it('holds until the end time passes', () => {
    expect(muteActive(T, T - 1)).toBe(true);
    expect(muteActive(T, T)).toBe(false);
    expect(muteActive(null, T)).toBe(false);
    expect(muteActive(undefined, T)).toBe(false);
  });

  it("reads muted_until from a 403's body only", () => {
    expect(mutedUntilOf(403, { error: 'Muted', muted_until: T })).toBe(T);
    expect(mutedUntilOf(403, { error: 'Forbidden' })).toBeNull();
    expect(mutedUntilOf(403, { muted_until: '123' })).toBeNull();
    expect(mutedUntilOf(429, { muted_until: T })).toBeNull();
    expect(mutedUntilOf(403, undefined)).toBeNull();
    expect(mutedUntilOf(403, 'text')).toBeNull();
  });
});
