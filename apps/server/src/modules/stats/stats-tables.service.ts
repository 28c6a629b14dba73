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
    const offsetOf = dayOffsets(range.tz);
    const hours = await this.reads.hourAverages(floorTo(from, HOUR), to);
    const sums = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    const counts = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
    for (const { hour, avg } of hours) {
      const local = new Date((hour + offsetOf(hour)) * 1000);
      const weekday = (local.getUTCDay() + 6) % 7;
      const h = local.getUTCHours();
      sums[weekday]![h]! += avg;
      counts[weekday]![h]! += 1;
    }
    const cells = sums.map((row, d) =>
      row.map((sum, h) => {
        const n = counts[d]![h]!;
        return n ? Math.round((sum / n) * 100) / 100 : null;
      }),
    );
    return { from, to, tz: range.tz, cells };
  }
}

/**
 * The offset of `tz` from UTC, in seconds, at any instant: read once per UTC day (at its noon),
 * so a year of hours costs a few hundred lookups. Hours of a day whose clocks change are off
 * by the change until its noon.
 */
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
