import { describe, expect, it } from 'vitest';
import { inLiveWindow, nextSlot, slotAt, slotsBetween, WEEK_S } from './schedule.js';

const monday = Date.UTC(2026, 10, 23, 20, 0) / 1000; // a Monday, 20:00 UTC
const weekly = { id: 1, startsAt: monday, minutes: 120, weekly: true };
const once = { id: 2, startsAt: monday + 86_400, minutes: 60, weekly: false };

describe('the schedule', () => {
  it('repeats a weekly show every seven days, and a single one only once', () => {
    const slots = slotsBetween([weekly, once], monday + WEEK_S * 3 - 3600, monday + WEEK_S * 4);
    expect(slots.map((s) => [s.show.id, s.startsAt])).toEqual([[1, monday + WEEK_S * 3]]);
    const first = slotsBetween([weekly, once], monday - 1, monday + WEEK_S);
    expect(first.map((s) => s.show.id)).toEqual([1, 2]);
    expect(first[0]!.endsAt - first[0]!.startsAt).toBe(7200);
    // Nothing before the first slot.
    expect(slotsBetween([weekly], monday - WEEK_S, monday)).toEqual([]);
  });

  it('finds the slot on now, even one that began before the span asked for', () => {
    const now = monday + WEEK_S * 10 + 3599;
    expect(slotAt([weekly, once], now)?.startsAt).toBe(monday + WEEK_S * 10);
    expect(slotAt([weekly, once], monday + WEEK_S * 10 + 7200)).toBeNull();
    expect(slotsBetween([weekly], now, now + 10)).toHaveLength(1);
  });

  it('names the next slot to begin', () => {
    expect(nextSlot([weekly, once], monday + 60)?.show.id).toBe(2);
    expect(nextSlot([weekly, once], monday + 86_400 + 60)?.startsAt).toBe(monday + WEEK_S);
    expect(nextSlot([once], monday + 2 * 86_400)).toBeNull();
  });

  it('lets a DJ on from fifteen minutes before their slot to its end', () => {
    const early = 15 * 60;
    expect(inLiveWindow([weekly], monday + WEEK_S - early - 1, early)).toBe(false);
    expect(inLiveWindow([weekly], monday + WEEK_S - early, early)).toBe(true);
    expect(inLiveWindow([weekly], monday + WEEK_S + 7199, early)).toBe(true);
    expect(inLiveWindow([weekly], monday + WEEK_S + 7200, early)).toBe(false);
  });
});
