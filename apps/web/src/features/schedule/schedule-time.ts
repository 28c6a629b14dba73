import type { ShowSlot, ShowTheme } from '@queuecast/contract';
import { spanText } from '../../lib/countdown';

/** The days the week view shows, and how far its navigation moves. */
export const WEEK_DAYS = 7;

export { countdownText, spanText } from '../../lib/countdown';

/** What is left of a slot on air: "45 min left"; "ending now" once it is over. */
export function timeLeftText(endsAt: number, now: number): string {
  const left = endsAt - now;
  return left <= 0 ? 'ending now' : `${spanText(left)} left`;
}

/** Local midnight of the day `epochSeconds` falls on. */
export function startOfLocalDay(epochSeconds: number): number {
  const d = new Date(epochSeconds * 1000);
  d.setHours(0, 0, 0, 0);
  return Math.floor(d.getTime() / 1000);
}

/** `epochSeconds` moved by whole local days (the same clock time across a DST change). */
export function addLocalDays(epochSeconds: number, days: number): number {
  const d = new Date(epochSeconds * 1000);
  d.setDate(d.getDate() + days);
  return Math.floor(d.getTime() / 1000);
}

/**
 * The first moment of the week shown: the page's `?from=` when it is a time in epoch seconds,
 * else local midnight of today (so today's earlier shows stay in view).
 */
export function weekFrom(param: string | null, now: number): number {
  if (param !== null && /^\d{1,13}$/.test(param)) return Number(param);
  return startOfLocalDay(now);
}

/** A local date as `YYYY-MM-DD` (the key of a day, the value of a date input). */
export function localDateKey(epochSeconds: number): string {
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export interface ScheduleDay {
  /** `YYYY-MM-DD`, local. */
  key: string;
  /** Local midnight (epoch seconds). */
  start: number;
  /** The slots that start on this day, in time order. */
  slots: ShowSlot[];
}

/**
 * The `days` local days from the one `from` falls on, each with the slots that start on it in
 * time order. A slot that started before the first day (on air across `from`) counts on the
 * first day; one that starts after the last is left out.
 */
export function groupByLocalDay(
  slots: readonly ShowSlot[],
  from: number,
  days: number = WEEK_DAYS,
): ScheduleDay[] {
  const first = startOfLocalDay(from);
  const result: ScheduleDay[] = [];
  for (let i = 0; i < days; i++) {
    const start = addLocalDays(first, i);
    result.push({ key: localDateKey(start), start, slots: [] });
  }
  const byKey = new Map(result.map((day) => [day.key, day]));
  const sorted = [...slots].sort(
    (a, b) => a.starts_at - b.starts_at || a.ends_at - b.ends_at || a.show.id - b.show.id,
  );
  for (const slot of sorted) {
    const day = slot.starts_at < first ? result[0] : byKey.get(localDateKey(slot.starts_at));
    day?.slots.push(slot);
  }
  return result;
}

/** "Platforms: Amiga, C64 · Tags: chip · Artists: Jeroen Tel · Rated 4+", or "Any song". */
export function themeSummary(theme: ShowTheme | null): string {
  if (!theme) return 'Any song';
  const parts: string[] = [];
  if (theme.platforms.length) parts.push(`Platforms: ${theme.platforms.join(', ')}`);
  if (theme.tags.length) parts.push(`Tags: ${theme.tags.join(', ')}`);
  if (theme.artists.length) parts.push(`Artists: ${theme.artists.join(', ')}`);
  if (theme.min_rating !== null) parts.push(`Rated ${theme.min_rating}+`);
  return parts.length ? parts.join(' · ') : 'Any song';
}
