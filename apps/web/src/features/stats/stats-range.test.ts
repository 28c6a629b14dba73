import { STATS_PANELS } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import {
  PANELS,
  RANGE_BACKWARDS,
  RANGE_TOO_LONG,
  bucketLabel,
  customRange,
  dayStart,
  dayText,
  presetRange,
  rangeFromSearch,
} from './stats-range';

const NOW = Math.floor(new Date(2026, 10, 28, 10, 30, 20).getTime() / 1000);

describe('the statistics range', () => {
  it('names the same panels as the station', () => {
    expect(PANELS).toEqual(STATS_PANELS);
  });

  it('ends a preset at the next whole minute', () => {
    const day = presetRange('24h', NOW);
    expect(day.to % 60).toBe(0);
    expect(day.to - NOW).toBeLessThan(60);
    expect(day.to - day.from).toBe(86_400);
    expect(presetRange('1y', NOW).to - presetRange('1y', NOW).from).toBe(365 * 86_400);
  });

  it('takes whole local days, both included, and refuses what the station refuses', () => {
    const range = customRange('2026-03-01', '2026-03-31');
    expect(range).toEqual({ from: dayStart('2026-03-01'), to: dayStart('2026-04-01') });
    expect(dayText(dayStart('2026-03-29')!)).toBe('2026-03-29');
    expect(customRange('2026-03-31', '2026-03-01')).toBe(RANGE_BACKWARDS);
    expect(customRange('2023-01-01', '2026-03-01')).toBe(RANGE_TOO_LONG);
    expect(customRange('', '2026-03-01')).toBe('Choose both days.');
  });

  it('reads the range from the address, a week when it says none', () => {
    expect(rangeFromSearch(new URLSearchParams('range=30d'), NOW).preset).toBe('30d');
    expect(rangeFromSearch(new URLSearchParams(''), NOW).preset).toBe('7d');
    const custom = rangeFromSearch(new URLSearchParams('from=2026-01-01&to=2026-01-07'), NOW);
    expect(custom.preset).toBeNull();
    expect(custom.range.to - custom.range.from).toBe(7 * 86_400);
    const refused = rangeFromSearch(new URLSearchParams('from=2026-01-07&to=2026-01-01'), NOW);
    expect(refused.error).toBe(RANGE_BACKWARDS);
    expect(refused.preset).toBe('7d');
  });

  it('labels the session lengths', () => {
    expect(bucketLabel(0, 60)).toBe('Under 1 min');
    expect(bucketLabel(300, 900)).toBe('5 min to 15 min');
    expect(bucketLabel(3600, 7200)).toBe('1 h to 2 h');
    expect(bucketLabel(14_400, undefined)).toBe('4 h or more');
  });
});
