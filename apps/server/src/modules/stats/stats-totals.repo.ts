import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { HOUR, WEEK, weekOf } from '../../core/listener-stats.js';

/** The setting that holds the end of the last week rolled up (epoch seconds). */
const THROUGH = 'stats_totals_through';

/**
 * The top tables' running totals: once a UTC week (Monday to Monday) has been over for an hour
 * (every play that started in it has ended), each song's plays, requests, listener gain and
 * votes and each listener's requests and chat lines over everything before its end are the
 * totals at its start plus its raw rows, written in one transaction, and the weeks rolled up
 * move on. The weeks are rolled up in order from the first that holds anything; before it every
 * total is zero.
 */
export class StatsTotalsRepo {
  constructor(private readonly db: Db) {}

  /** Weeks before this are rolled up (0: none yet). */
  async through(): Promise<number> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', THROUGH)
      .executeTakeFirst();
    return row ? Number(JSON.parse(row.value)) : 0;
  }

  /** Rolls up every week that ended an hour or more before `now` and is not yet rolled up. */
  async rollup(now: number): Promise<void> {
    const last = weekOf(now - HOUR);
    let week = (await this.through()) || (await this.firstWeek());
    if (week === null || week >= last) {
      if (week === null) await this.setThrough(last);
      return;
    }
    for (; week < last; week += WEEK) {
      const end = week + WEEK;
      await this.db.transaction().execute(async (trx) => {
        await this.rollupWeek(trx, week!, end);
        await this.setThrough(end, trx);
      });
    }
  }

  /** The week of the oldest play, vote, request or chat line; null: there is none. */
  private async firstWeek(): Promise<number | null> {
    const { rows } = await sql<{ at: number | string | null }>`
      select min(at) as at from (
        select min(started_at) as at from play_history
        union all select min(created_at) from votes
        union all select min(requested_at) from queue_entries
        union all select min(created_at) from oneliner_messages
      ) firsts`.execute(this.db);
    const at = rows[0]?.at;
    return at === null || at === undefined ? null : weekOf(Number(at));
  }

  private async setThrough(at: number, db: Db = this.db): Promise<void> {
    const value = JSON.stringify(at);
    await db
      .insertInto('settings')
      .values({ key: THROUGH, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  /** The totals before `b` (the end of the week that starts at `a`): those before `a` and the week's rows. */
  private async rollupWeek(db: Db, a: number, b: number): Promise<void> {
    await db.deleteFrom('song_totals').where('week', '=', b).execute();
    await db.deleteFrom('user_totals').where('week', '=', b).execute();
    await db.deleteFrom('session_totals').where('week', '=', b).execute();
    await sql`
      insert into song_totals (week, song_id, plays, requests, gain, votes)
      select ${sql.lit(b)}, song_id, sum(plays), sum(requests), coalesce(sum(gain), 0), sum(votes) from (
        select song_id, plays, requests, gain, votes from song_totals where week = ${a}
        union all
        select song_id, 1 as plays,
          case when requested_by is not null then 1 else 0 end as requests,
          listeners_end - listeners_start as gain, 0 as votes
        from play_history where started_at >= ${a} and started_at < ${b}
        union all
        select song_id, 0, 0, 0, 1 from votes where created_at >= ${a} and created_at < ${b}
      ) week_rows
      group by song_id`.execute(db);
    await sql`
      insert into user_totals (week, user_id, requests, chat_lines)
      select ${sql.lit(b)}, user_id, sum(requests), sum(chat_lines) from (
        select user_id, requests, chat_lines from user_totals where week = ${a}
        union all
        select requested_by as user_id, 1 as requests, 0 as chat_lines from queue_entries
        where requested_at >= ${a} and requested_at < ${b} and requested_by is not null
        union all
        select user_id, 0, 1 from oneliner_messages where created_at >= ${a} and created_at < ${b}
      ) week_rows
      group by user_id`.execute(db);
    await sql`
      insert into session_totals (week, output, client, bucket, sessions, seconds)
      select ${sql.lit(b)}, output, client, bucket, sum(sessions), sum(seconds) from (
        select output, client, bucket, sessions, seconds from session_totals where week = ${a}
        union all
        select output, client, bucket, sessions, seconds from session_days
        where day >= ${a} and day < ${b}
      ) week_rows
      group by output, client, bucket`.execute(db);
  }
}

/**
 * Rows of `(…keys, …columns)` summed over the weeks `a` to `b`: the totals before `b` less those
 * before `a`, a row per key with anything before `b`.
 */
export function weekSums(
  table: 'song_totals' | 'user_totals' | 'session_totals',
  keys: string[],
  columns: string[],
  { a, b }: { a: number; b: number },
): RawBuilder<unknown> {
  const picked = keys.map((k) => `t.${k}`).join(', ');
  const diffs = columns.map((c) => `t.${c} - coalesce(s.${c}, 0) as ${c}`).join(', ');
  const same = keys.map((k) => `s.${k} = t.${k}`).join(' and ');
  return sql`select ${sql.raw(picked)}, ${sql.raw(diffs)}
    from ${sql.raw(table)} t
    left join ${sql.raw(table)} s on s.week = ${a} and ${sql.raw(same)}
    where t.week = ${b}`;
}
