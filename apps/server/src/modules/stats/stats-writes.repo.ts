import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ListenerMinutesTable, ListeningSessionsTable } from '../../db/schema-insight.js';
import { DAY, HOUR, SESSION_BUCKETS, floorTo } from '../../core/listener-stats.js';

export type MinuteSample = Insertable<ListenerMinutesTable>;
export type SessionRow = Insertable<ListeningSessionsTable>;

/** Rows per insert: well under both engines' bound-parameter limits. */
const SESSIONS_PER_INSERT = 500;

/** The bucket of a session's duration, as SQL (the buckets of core/listener-stats.ts). */
const bucketOf = sql.raw(
  `case ${SESSION_BUCKETS.map((start, i) => [start, i] as const)
    .slice(1)
    .reverse()
    .map(([start, i]) => `when duration >= ${start} then ${i}`)
    .join(' ')} else 0 end`,
);

/** What the station records of its listeners, and its rollups. */
export class StatsWritesRepo {
  constructor(private readonly db: Db) {}

  /** The minute's listeners; a minute already written (by another playout) is kept. */
  async recordMinute(sample: MinuteSample): Promise<void> {
    await this.db
      .insertInto('listener_minutes')
      .values(sample)
      .onConflict((oc) => oc.column('minute').doNothing())
      .execute();
  }

  async recordSessions(rows: readonly SessionRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += SESSIONS_PER_INSERT) {
      await this.db
        .insertInto('listening_sessions')
        .values(rows.slice(i, i + SESSIONS_PER_INSERT))
        .execute();
    }
  }

  /** The salt of `day` for the visitors' hashes (made by the first node to ask); older salts go. */
  async saltOf(day: number, fresh: string): Promise<string> {
    await this.db
      .insertInto('stats_salts')
      .values({ day, salt: fresh })
      .onConflict((oc) => oc.column('day').doNothing())
      .execute();
    await this.db.deleteFrom('stats_salts').where('day', '<', day).execute();
    const row = await this.db
      .selectFrom('stats_salts')
      .select('salt')
      .where('day', '=', day)
      .executeTakeFirstOrThrow();
    return row.salt;
  }

  /** The listeners as the play of queue entry `queueId` began. */
  async playStarted(queueId: number, listeners: number): Promise<void> {
    await this.db
      .updateTable('play_history')
      .set({ listeners_start: listeners })
      .where('queue_id', '=', queueId)
      .where('listeners_start', 'is', null)
      .execute();
  }

  /** The listeners as the play of queue entry `queueId` ended. */
  async playEnded(queueId: number, listeners: number): Promise<void> {
    await this.db
      .updateTable('play_history')
      .set({ listeners_end: listeners })
      .where('queue_id', '=', queueId)
      .where('listeners_end', 'is', null)
      .execute();
  }

  /**
   * Brings the rollups up to `now`: the hours and days of listeners from the minutes, the
   * sessions and visitors per day, the activity per hour. Each starts again at its last period
   * (which may have been partial), so it catches up after any pause and is the same however
   * often it runs.
   */
  async rollup(now: number): Promise<void> {
    await this.rollupListenerHours();
    await this.rollupListenerDays();
    await this.rollupSessions();
    await this.rollupActivity(now);
  }

  /** Raw minutes and sessions older than `before` go (their rollups stay). */
  async prune(before: number): Promise<void> {
    await this.db.deleteFrom('listener_minutes').where('minute', '<', before).execute();
    await this.db.deleteFrom('listening_sessions').where('ended_at', '<', before).execute();
  }

  private async rollupListenerHours(): Promise<void> {
    const last = await this.db
      .selectFrom('listener_hours')
      .select((eb) => eb.fn.max('hour').as('at'))
      .executeTakeFirst();
    const from = Number(last?.at ?? 0);
    const hour = sql<number>`minute - minute % ${sql.lit(HOUR)}`;
    const total = sql<number>`mp3 + relay + hls + sites`;
    await this.db
      .insertInto('listener_hours')
      .columns([
        'hour',
        'samples',
        'total_sum',
        'total_min',
        'total_max',
        'mp3_sum',
        'relay_sum',
        'hls_sum',
        'sites_sum',
      ])
      .expression((eb) =>
        eb
          .selectFrom('listener_minutes')
          .select([
            hour.as('hour'),
            sql<number>`count(*)`.as('samples'),
            sql<number>`sum(${total})`.as('total_sum'),
            sql<number>`min(${total})`.as('total_min'),
            sql<number>`max(${total})`.as('total_max'),
            sql<number>`sum(mp3)`.as('mp3_sum'),
            sql<number>`sum(relay)`.as('relay_sum'),
            sql<number>`sum(hls)`.as('hls_sum'),
            sql<number>`sum(sites)`.as('sites_sum'),
          ])
          .where('minute', '>=', from)
          .groupBy(hour),
      )
      .onConflict((oc) => oc.column('hour').doUpdateSet(rollupUpdate))
      .execute();
  }

  private async rollupListenerDays(): Promise<void> {
    const last = await this.db
      .selectFrom('listener_days')
      .select((eb) => eb.fn.max('day').as('at'))
      .executeTakeFirst();
    const from = Number(last?.at ?? 0);
    const day = sql<number>`hour - hour % ${sql.lit(DAY)}`;
    await this.db
      .insertInto('listener_days')
      .columns([
        'day',
        'samples',
        'total_sum',
        'total_min',
        'total_max',
        'mp3_sum',
        'relay_sum',
        'hls_sum',
        'sites_sum',
      ])
      .expression((eb) =>
        eb
          .selectFrom('listener_hours')
          .select([
            day.as('day'),
            sql<number>`sum(samples)`.as('samples'),
            sql<number>`sum(total_sum)`.as('total_sum'),
            sql<number>`min(total_min)`.as('total_min'),
            sql<number>`max(total_max)`.as('total_max'),
            sql<number>`sum(mp3_sum)`.as('mp3_sum'),
            sql<number>`sum(relay_sum)`.as('relay_sum'),
            sql<number>`sum(hls_sum)`.as('hls_sum'),
            sql<number>`sum(sites_sum)`.as('sites_sum'),
          ])
          .where('hour', '>=', from)
          .groupBy(day),
      )
      .onConflict((oc) => oc.column('day').doUpdateSet(rollupUpdate))
      .execute();
  }

  private async rollupSessions(): Promise<void> {
    const last = await this.db
      .selectFrom('session_days')
      .select((eb) => eb.fn.max('day').as('at'))
      .executeTakeFirst();
    const from = Number(last?.at ?? 0);
    const day = sql<number>`ended_at - ended_at % ${sql.lit(DAY)}`;
    await this.db
      .insertInto('session_days')
      .columns(['day', 'output', 'client', 'bucket', 'sessions', 'seconds'])
      .expression((eb) =>
        eb
          .selectFrom('listening_sessions')
          .select([
            day.as('day'),
            'output',
            'client',
            bucketOf.as('bucket'),
            sql<number>`count(*)`.as('sessions'),
            sql<number>`sum(duration)`.as('seconds'),
          ])
          .where('ended_at', '>=', from)
          .groupBy([day, 'output', 'client', bucketOf]),
      )
      .onConflict((oc) =>
        oc.columns(['day', 'output', 'client', 'bucket']).doUpdateSet((eb) => ({
          sessions: eb.ref('excluded.sessions'),
          seconds: eb.ref('excluded.seconds'),
        })),
      )
      .execute();
    await this.db
      .insertInto('visitor_days')
      .columns(['day', 'visitors'])
      .expression((eb) =>
        eb
          .selectFrom('listening_sessions')
          .select([day.as('day'), sql<number>`count(distinct visitor)`.as('visitors')])
          .where('ended_at', '>=', from)
          .groupBy(day),
      )
      .onConflict((oc) =>
        oc.column('day').doUpdateSet((eb) => ({ visitors: eb.ref('excluded.visitors') })),
      )
      .execute();
  }

  /** Requests, votes and chat lines per hour, counted from their own tables. */
  private async rollupActivity(now: number): Promise<void> {
    const last = await this.db
      .selectFrom('activity_hours')
      .select((eb) => eb.fn.max('hour').as('at'))
      .executeTakeFirst();
    // A new station's first rollup looks back a year.
    const from = last?.at == null ? floorTo(now - 366 * DAY, HOUR) : Number(last.at);
    const byHour = (column: string) =>
      sql<number>`${sql.ref(column)} - ${sql.ref(column)} % ${sql.lit(HOUR)}`;
    const [requests, votes, chat] = await Promise.all([
      this.db
        .selectFrom('queue_entries')
        .select([byHour('requested_at').as('hour'), sql<number>`count(*)`.as('n')])
        .where('requested_at', '>=', from)
        .where('requested_by', 'is not', null)
        .groupBy(byHour('requested_at'))
        .execute(),
      this.db
        .selectFrom('votes')
        .select([byHour('created_at').as('hour'), sql<number>`count(*)`.as('n')])
        .where('created_at', '>=', from)
        .groupBy(byHour('created_at'))
        .execute(),
      this.db
        .selectFrom('oneliner_messages')
        .select([byHour('created_at').as('hour'), sql<number>`count(*)`.as('n')])
        .where('created_at', '>=', from)
        .groupBy(byHour('created_at'))
        .execute(),
    ]);
    const hours = new Map<number, { requests: number; votes: number; chat_lines: number }>();
    const add = (rows: { hour: number; n: number }[], key: 'requests' | 'votes' | 'chat_lines') => {
      for (const row of rows) {
        const hour = Number(row.hour);
        const counts = hours.get(hour) ?? { requests: 0, votes: 0, chat_lines: 0 };
        counts[key] = Number(row.n);
        hours.set(hour, counts);
      }
    };
    add(requests, 'requests');
    add(votes, 'votes');
    add(chat, 'chat_lines');
    // The last hour rolled is counted again whole: a count that fell to 0 is written too.
    if (last?.at != null && !hours.has(from))
      hours.set(from, { requests: 0, votes: 0, chat_lines: 0 });
    const rows = [...hours].map(([hour, counts]) => ({ hour, ...counts }));
    for (let i = 0; i < rows.length; i += SESSIONS_PER_INSERT) {
      await this.db
        .insertInto('activity_hours')
        .values(rows.slice(i, i + SESSIONS_PER_INSERT))
        .onConflict((oc) =>
          oc.column('hour').doUpdateSet((eb) => ({
            requests: eb.ref('excluded.requests'),
            votes: eb.ref('excluded.votes'),
            chat_lines: eb.ref('excluded.chat_lines'),
          })),
        )
        .execute();
    }
  }
}

/** An upsert of a listeners rollup: the row computed again replaces the stored one. */
const rollupUpdate = (eb: { ref: (c: `excluded.${string}`) => unknown }): Record<string, unknown> =>
  Object.fromEntries(
    [
      'samples',
      'total_sum',
      'total_min',
      'total_max',
      'mp3_sum',
      'relay_sum',
      'hls_sum',
      'sites_sum',
    ].map((c) => [c, eb.ref(`excluded.${c}`)]),
  );
