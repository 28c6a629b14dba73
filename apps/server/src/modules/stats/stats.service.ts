import type {
  ActivityStats,
  ListenerSeries,
  SessionStats,
  StatsRangeQuery,
} from '@queuecast/contract';
import { DAY, HOUR, SESSION_BUCKETS, floorTo, resolutionFor } from '../../core/listener-stats.js';
import type { StatsReadsRepo } from './stats-reads.repo.js';
import { checkedRange } from './stats-range.js';

const OUTPUTS = ['mp3', 'hls'] as const;
const CLIENTS = ['browser', 'app', 'player', 'bot', 'other'] as const;

/** The staff's statistics, each chart read from the coarsest rollup that draws it. */
export class StatsService {
  constructor(
    private readonly repo: StatsReadsRepo,
    /** Days raw minutes are kept: older minutes are drawn from the hours. */
    private readonly rawDays: number,
    private readonly now: () => number = () => Math.floor(Date.now() / 1000),
  ) {}

  async listeners(range: StatsRangeQuery): Promise<ListenerSeries> {
    const { from, to } = checkedRange(range);
    let resolution = resolutionFor(to - from);
    if (resolution === 'minute' && from < this.now() - this.rawDays * DAY) resolution = 'hour';
    const points =
      resolution === 'minute'
        ? await this.repo.minutes(from, to)
        : resolution === 'hour'
          ? await this.repo.hours(floorTo(from, HOUR), to)
          : await this.repo.days(floorTo(from, DAY), to);
    return { from, to, resolution, points };
  }

  async sessions(range: StatsRangeQuery): Promise<SessionStats> {
    const { from, to } = checkedRange(range);
    const dayFrom = floorTo(from, DAY);
    const [groups, visitorDays] = await Promise.all([
      this.repo.sessions(dayFrom, to),
      this.repo.visitorDays(dayFrom, to),
    ]);
    const lengths = SESSION_BUCKETS.map((start) => ({ from_s: start, sessions: 0 }));
    const outputs = OUTPUTS.map((output) => ({ output, sessions: 0, seconds: 0 }));
    const clients = CLIENTS.map((client) => ({ client, sessions: 0, seconds: 0 }));
    let sessions = 0;
    let seconds = 0;
    for (const g of groups) {
      sessions += g.sessions;
      seconds += g.seconds;
      const length = lengths[g.bucket];
      if (length) length.sessions += g.sessions;
      const output = outputs.find((o) => o.output === g.output);
      if (output) {
        output.sessions += g.sessions;
        output.seconds += g.seconds;
      }
      const client = clients.find((c) => c.client === g.client);
      if (client) {
        client.sessions += g.sessions;
        client.seconds += g.seconds;
      }
    }
    return { from, to, sessions, seconds, visitor_days: visitorDays, lengths, outputs, clients };
  }

  /** Every hour (or day) of the range, 0 where nothing happened, so the chart shows the lulls. */
  async activity(range: StatsRangeQuery): Promise<ActivityStats> {
    const { from, to } = checkedRange(range);
    const resolution = resolutionFor(to - from) === 'day' ? 'day' : 'hour';
    const size = resolution === 'day' ? DAY : HOUR;
    // A long range's days are summed by the database: a row a day, not 24.
    const rows =
      resolution === 'day'
        ? await this.repo.activityDays(floorTo(from, DAY), to)
        : await this.repo.activity(floorTo(from, HOUR), to);
    const points = new Map<number, ActivityStats['points'][number]>();
    for (let t = floorTo(from, size); t < to; t += size) {
      points.set(t, { t, requests: 0, votes: 0, chat_lines: 0 });
    }
    for (const row of rows) {
      const point = points.get(floorTo(row.hour, size));
      if (!point) continue;
      point.requests += row.requests;
      point.votes += row.votes;
      point.chat_lines += row.chat_lines;
    }
    return { from, to, resolution, points: [...points.values()] };
  }
}
