import type {
  HeatmapStats,
  PeopleStats,
  StatsRangeQuery,
  StatsTopQuery,
  TopStats,
} from '@queuecast/contract';
import { DAY, HOUR, floorTo } from '../../core/listener-stats.js';
import { badRequest } from '../../lib/http-error.js';
import type { StatsReadsRepo } from './stats-reads.repo.js';
import type { StatsTopsRepo } from './stats-tops.repo.js';
import { checkedRange } from './stats-range.js';

/** Rows in each top table. */
export const TOP_ROWS = 25;

/** The statistics' tables: the tops, the people, and the busiest hours. */
export class StatsTablesService {
  constructor(
    private readonly tops: StatsTopsRepo,
    private readonly reads: StatsReadsRepo,
  ) {}

  async top(query: StatsTopQuery): Promise<TopStats> {
    const { from, to } = checkedRange(query);
    const rows = await this.tops.top(query.kind, query.by, from, to, TOP_ROWS);
    return { from, to, kind: query.kind, by: query.by, rows };
  }

  async people(range: StatsRangeQuery): Promise<PeopleStats> {
    const { from, to } = checkedRange(range);
    const [requesters, chatters] = await Promise.all([
      this.tops.requesters(from, to, TOP_ROWS),
      this.tops.chatters(from, to, TOP_ROWS),
    ]);
    return { from, to, requesters, chatters };
  }

  /** Average listeners by weekday and hour of the day in `tz`, over the range's hours. */
  async heatmap(range: StatsRangeQuery & { tz: string }): Promise<HeatmapStats> {
    const { from, to } = checkedRange(range);
    const start = floorTo(from, HOUR);
    const hours = await this.reads.weekHours(start, to, offsetChanges(range.tz, start, to));
    const cells = Array.from({ length: 7 }, () => new Array<number | null>(24).fill(null));
    for (const { cell, sum, n } of hours) {
      if (n > 0) cells[Math.floor(cell / 24)]![cell % 24] = Math.round((sum / n) * 100) / 100;
    }
    return { from, to, tz: range.tz, cells };
  }
}

/**
 * The offsets of `tz` from UTC over [from, to): each UTC day's (read at its noon) where it
 * differs from the day before, so a year holds the few changes of its clocks. Hours of a day
 * whose clocks change are off by the change until its noon.
 */
function offsetChanges(tz: string, from: number, to: number): { from: number; offset: number }[] {
  const offsetOf = dayOffsets(tz);
  const changes: { from: number; offset: number }[] = [];
  for (let day = floorTo(from, DAY); day < to; day += DAY) {
    const offset = offsetOf(day);
    if (changes.at(-1)?.offset !== offset) changes.push({ from: day, offset });
  }
  return changes;
}

/** The offset of `tz` from UTC, in seconds, on the UTC day holding `at`, read at its noon. */
function dayOffsets(tz: string): (at: number) => number {
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
  } catch {
    throw badRequest('Unknown time zone.');
  }
  const cache = new Map<number, number>();
  return (at) => {
    const day = floorTo(at, DAY);
    let offset = cache.get(day);
    if (offset === undefined) {
      const noon = day + DAY / 2;
      const parts = Object.fromEntries(
        format.formatToParts(new Date(noon * 1000)).map((p) => [p.type, p.value]),
      );
      const local =
        Date.UTC(
          Number(parts.year),
          Number(parts.month) - 1,
          Number(parts.day),
          Number(parts.hour),
          Number(parts.minute),
        ) / 1000;
      offset = local - noon;
      cache.set(day, offset);
    }
    return offset;
  };
}
