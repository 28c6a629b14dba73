import type { ScheduledShow, ShowSlot } from '@queuecast/contract';
import { describe, expect, it } from 'vitest';
import {
  addLocalDays,
  countdownText,
  groupByLocalDay,
  localDateKey,
  spanText,
  startOfLocalDay,
  themeSummary,
  timeLeftText,
  weekFrom,
} from './schedule-time';

/** Local time as epoch seconds (the tests hold in any time zone). */
const local = (y: number, m: number, d: number, h = 0, mi = 0) =>
  new Date(y, m - 1, d, h, mi).getTime() / 1000;

const show = (over: Partial<ScheduledShow> = {}): ScheduledShow => ({
  id: 1,
  title: 'Show',
  description: null,
  kind: 'live',
  dj: 'ann',
  starts_at: 0,
  minutes: 60,
  weekly: false,
  theme: null,
  artwork_url: null,
  ...over,
});

const slot = (id: number, startsAt: number, minutes = 60): ShowSlot => ({
  show: show({ id, starts_at: startsAt, minutes }),
  starts_at: startsAt,
  ends_at: startsAt + minutes * 60,
});

describe('countdown text', () => {
  it('says minutes under an hour, rounded up', () => {
    expect(countdownText(1000 + 12 * 60, 1000)).toBe('in 12 min');
    expect(countdownText(1000 + 11 * 60 + 1, 1000)).toBe('in 12 min');
    expect(countdownText(1000 + 30, 1000)).toBe('in 1 min');
    expect(countdownText(1000 + 59 * 60 + 30, 1000)).toBe('in 1 h 00 min');
  });

  it('says hours and two-digit minutes, then days', () => {
    expect(countdownText(2 * 3600 + 5 * 60, 0)).toBe('in 2 h 05 min');
    expect(countdownText(23 * 3600 + 59 * 60, 0)).toBe('in 23 h 59 min');
    expect(countdownText(24 * 3600, 0)).toBe('in 1 d 0 h');
    expect(countdownText(3 * 86400 + 4 * 3600 + 10, 0)).toBe('in 3 d 4 h');
  });

  it('says the start is due once it is', () => {
    expect(countdownText(100, 100)).toBe('starting now');
    expect(countdownText(100, 160)).toBe('starting now');
  });

  it('says what is left of a slot on air', () => {
    expect(timeLeftText(45 * 60, 0)).toBe('45 min left');
    expect(timeLeftText(3900, 0)).toBe('1 h 05 min left');
    expect(timeLeftText(10, 10)).toBe('ending now');
    expect(spanText(0)).toBe('1 min');
  });
});

describe('the week', () => {
  it('starts today at local midnight unless the page says when', () => {
    const now = local(2026, 11, 27, 15, 42);
    expect(weekFrom(null, now)).toBe(local(2026, 11, 27));
    expect(weekFrom('', now)).toBe(local(2026, 11, 27));
    expect(weekFrom('abc', now)).toBe(local(2026, 11, 27));
    expect(weekFrom('-5', now)).toBe(local(2026, 11, 27));
    expect(weekFrom('1790000000', now)).toBe(1790000000);
    expect(startOfLocalDay(local(2026, 1, 1, 0, 0))).toBe(local(2026, 1, 1));
  });

  it('moves by local days, the same clock time on both sides', () => {
    expect(addLocalDays(local(2026, 3, 26), 7)).toBe(local(2026, 4, 2));
    expect(addLocalDays(local(2026, 10, 30), 7)).toBe(local(2026, 11, 6));
    expect(addLocalDays(local(2026, 12, 30), 7)).toBe(local(2027, 1, 6));
    expect(addLocalDays(local(2026, 1, 5), -7)).toBe(local(2025, 12, 29));
  });

  it('groups slots by the local day they start on, in time order', () => {
    const from = local(2026, 11, 27);
    const late = slot(1, local(2026, 11, 27, 22));
    const early = slot(2, local(2026, 11, 27, 8));
    const midnight = slot(3, local(2026, 11, 28, 0), 30);
    const acrossMidnight = slot(4, local(2026, 11, 29, 23, 30));
    const lastDay = slot(5, local(2026, 12, 3, 23, 59));
    const days = groupByLocalDay([late, lastDay, acrossMidnight, midnight, early], from);
    expect(days.map((d) => d.key)).toEqual([
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
    ]);
    expect(days[0]!.start).toBe(from);
    expect(days[0]!.slots).toEqual([early, late]);
    expect(days[1]!.slots).toEqual([midnight]);
    expect(days[2]!.slots).toEqual([acrossMidnight]);
    expect(days[3]!.slots).toEqual([]);
    expect(days[6]!.slots).toEqual([lastDay]);
  });

  it('puts a slot on air across the first midnight on the first day, and leaves out later ones', () => {
    const from = local(2026, 11, 27);
    const onAir = slot(1, local(2026, 11, 26, 23), 120);
    const after = slot(2, local(2026, 12, 4, 1));
    const days = groupByLocalDay([after, onAir], from);
    expect(days[0]!.slots).toEqual([onAir]);
    expect(days.flatMap((d) => d.slots)).toEqual([onAir]);
  });

  it('keeps slots of the same start in id order', () => {
    const at = local(2026, 11, 27, 10);
    const days = groupByLocalDay([slot(9, at), slot(3, at)], local(2026, 11, 27));
    expect(days[0]!.slots.map((s) => s.show.id)).toEqual([3, 9]);
  });

  it('writes a local date key', () => {
    expect(localDateKey(local(2026, 3, 5, 23, 59))).toBe('2026-03-05');
  });
});

describe('theme summary', () => {
  it('lists what narrows the theme, or says any song', () => {
    expect(themeSummary(null)).toBe('Any song');
    expect(themeSummary({ platforms: [], tags: [], artists: [], min_rating: null })).toBe(
      'Any song',
    );
    expect(
      themeSummary({
        platforms: ['Amiga', 'C64'],
        tags: ['chip'],
        artists: ['Jeroen Tel'],
        min_rating: 4,
      }),
    ).toBe('Platforms: Amiga, C64 · Tags: chip · Artists: Jeroen Tel · Rated 4+');
    expect(themeSummary({ platforms: [], tags: ['demo'], artists: [], min_rating: null })).toBe(
      'Tags: demo',
    );
  });
});
