import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ListenerRollup } from '../../db/schema-insight.js';
import { DAY, FIRST_MONDAY, WEEK, rolledWeeks } from '../../core/listener-stats.js';
import { weekSums } from './stats-totals.repo.js';

/** One point of the listeners' chart: an average over its period, with its lowest and highest. */
export interface ListenerPoint {
  t: number;
  avg: number;
  min: number;
  max: number;
  mp3: number;
  relay: number;
  hls: number;
  sites: number;
}

export interface SessionGroup {
  output: string;
  client: string;
  bucket: number;
  sessions: number;
  seconds: number;
}

export interface ActivityRow {
  hour: number;
  requests: number;
  votes: number;
  chat_lines: number;
}

const PUBLIC_PANELS = 'stats_public_panels';

const round = (value: number) => Math.round(value * 100) / 100;

/** The station's statistics as the charts read them, each from its rollup. */
export class StatsReadsRepo {
  constructor(
    private readonly db: Db,
    /** Weeks before this are in the running totals (0: read everything from the days). */
    private readonly weeksThrough: () => Promise<number> = async () => 0,
  ) {}

  async minutes(from: number, to: number): Promise<ListenerPoint[]> {
    const rows = await this.db
      .selectFrom('listener_minutes')
      .selectAll()
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .orderBy('minute')
      .execute();
    return rows.map((r) => {
      const total = r.mp3 + r.relay + r.hls + r.sites;
      return {
        t: Number(r.minute),
        avg: total,
        min: total,
        max: total,
        mp3: r.mp3,
        relay: r.relay,
        hls: r.hls,
        sites: r.sites,
      };
    });
  }

  async hours(from: number, to: number): Promise<ListenerPoint[]> {
    const rows = await this.db
      .selectFrom('listener_hours')
      .selectAll()
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .orderBy('hour')
      .execute();
    return rows.map((r) => toPoint(Number(r.hour), r));
  }

  async days(from: number, to: number): Promise<ListenerPoint[]> {
    const rows = await this.db
      .selectFrom('listener_days')
      .selectAll()
      .where('day', '>=', from)
      .where('day', '<', to)
      .orderBy('day')
      .execute();
    return rows.map((r) => toPoint(Number(r.day), r));
  }

  /**
   * Sessions ended on the days from `from` to before `to`, by output, client and length: the
   * whole weeks from the running totals once rolled up, the days at the edges from their rows.
   */
  async sessions(from: number, to: number): Promise<SessionGroup[]> {
    const weeks = rolledWeeks(from, to, await this.weeksThrough());
    const days = (a: number, b: number) =>
      sql`select output, client, bucket, sessions, seconds from session_days
        where day >= ${a} and day < ${b}`;
    const source = weeks
      ? sql`${weekSums('session_totals', ['output', 'client', 'bucket'], ['sessions', 'seconds'], weeks)}
        union all ${days(from, weeks.a)}
        union all ${days(weeks.b, to)}`
      : days(from, to);
    const { rows } = await sql<{
      output: string;
      client: string;
      bucket: number | string;
      sessions: number | string;
      seconds: number | string;
    }>`
      select output, client, bucket, sum(sessions) as sessions, sum(seconds) as seconds
      from (${source}) r
      group by output, client, bucket`.execute(this.db);
    return rows
      .map((r) => ({
        output: r.output,
        client: r.client,
        bucket: Number(r.bucket),
        sessions: Number(r.sessions),
        seconds: Number(r.seconds),
      }))
      .filter((r) => r.sessions > 0);
  }

  /** Different visitors per day, summed over the days (a visitor of two days counts twice). */
  async visitorDays(from: number, to: number): Promise<number> {
    const row = await this.db
      .selectFrom('visitor_days')
      .select(sql<number>`coalesce(sum(visitors), 0)`.as('n'))
      .where('day', '>=', from)
      .where('day', '<', to)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * The hours' average listeners (all outputs) summed by hour of the local week, for the busiest
   * hours: `cell` is 0 for Monday 00:00 to 167 for Sunday 23:00, local time being UTC plus the
   * offset of the last of `offsets` that starts at or before the hour (the first applies before
   * its start too). `n` is how many hours a cell holds.
   */
  async weekHours(
    from: number,
    to: number,
    offsets: readonly { from: number; offset: number }[],
  ): Promise<{ cell: number; sum: number; n: number }[]> {
    const int = (n: number) => sql`cast(${n} as bigint)`;
    const [first, ...later] = offsets;
    const offset = later.length
      ? sql`case ${sql.join(
          later.map((o, i) => sql`when hour < ${int(o.from)} then ${int(offsets[i]!.offset)}`),
          sql` `,
        )} else ${int(later[later.length - 1]!.offset)} end`
      : int(first?.offset ?? 0);
    const { rows } = await sql<{ cell: number | string; sum: number | string; n: number | string }>`
      select cell, sum(avg) as sum, count(*) as n from (
        select ((hour + ${offset} - ${int(FIRST_MONDAY)}) % ${int(WEEK)} + ${int(WEEK)}) % ${int(WEEK)} / 3600 as cell,
          cast(total_sum as double precision) / (case when samples > 1 then samples else 1 end) as avg
        from listener_hours where hour >= ${from} and hour < ${to}
      ) hours
      group by cell`.execute(this.db);
    return rows.map((r) => ({ cell: Number(r.cell), sum: Number(r.sum), n: Number(r.n) }));
  }

  /** The panels of the statistics page the public sees (the admin's choice). */
  async publicPanels(): Promise<string[]> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', PUBLIC_PANELS)
      .executeTakeFirst();
    return row ? (JSON.parse(row.value) as string[]) : [];
  }

  async savePublicPanels(panels: readonly string[]): Promise<void> {
    const value = JSON.stringify(panels);
    await this.db
      .insertInto('settings')
      .values({ key: PUBLIC_PANELS, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** Requests, votes and chat lines per UTC day (`hour` the day's start), over a long range. */
  async activityDays(from: number, to: number): Promise<ActivityRow[]> {
    const { rows } = await sql<Record<'day' | Exclude<keyof ActivityRow, 'hour'>, number | string>>`
      select hour - hour % ${DAY} as day, sum(requests) as requests, sum(votes) as votes,
        sum(chat_lines) as chat_lines
      from activity_hours where hour >= ${from} and hour < ${to}
      group by 1`.execute(this.db);
    return rows.map((r) => ({
      hour: Number(r.day),
      requests: Number(r.requests),
      votes: Number(r.votes),
      chat_lines: Number(r.chat_lines),
    }));
  }

  async activity(from: number, to: number): Promise<ActivityRow[]> {
    const rows = await this.db
      .selectFrom('activity_hours')
      .selectAll()
      .where('hour', '>=', from)
      .where('hour', '<', to)
      .orderBy('hour')
      .execute();
    return rows.map((r) => ({
      hour: Number(r.hour),
      requests: r.requests,
      votes: r.votes,
      chat_lines: r.chat_lines,
    }));
  }
}

function toPoint(t: number, r: ListenerRollup): ListenerPoint {
  const n = Math.max(1, r.samples);
  return {
    t,
    avg: round(Number(r.total_sum) / n),
    min: r.total_min,
    max: r.total_max,
    mp3: round(Number(r.mp3_sum) / n),
    relay: round(Number(r.relay_sum) / n),
    hls: round(Number(r.hls_sum) / n),
    sites: round(Number(r.sites_sum) / n),
  };
}
