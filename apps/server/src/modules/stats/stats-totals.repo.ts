import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { HOUR, monthOf, nextMonth } from '../../core/listener-stats.js';

/** The setting that holds the end of the last month rolled up (epoch seconds). */
const THROUGH = 'stats_months_through';

/**
 * The monthly rollups of the top tables: each UTC month, once it has been over for an hour
 * (every play that started in it has ended), is summed whole from the raw plays, votes,
 * requests and chat lines, in one transaction, and the months rolled up move on.
 */
export class StatsMonthsRepo {
  constructor(private readonly db: Db) {}

  /** Months before this are rolled up (0: none yet). */
  async through(): Promise<number> {
    const row = await this.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', THROUGH)
      .executeTakeFirst();
    return row ? Number(JSON.parse(row.value)) : 0;
  }

  /** Rolls up every month that ended an hour or more before `now` and is not yet rolled up. */
  async rollup(now: number): Promise<void> {
    const last = monthOf(now - HOUR);
    let month = (await this.through()) || (await this.firstMonth());
    if (month === null || month >= last) {
      if (month === null) await this.setThrough(last);
      return;
    }
    for (; month < last; month = nextMonth(month)) {
      const end = nextMonth(month);
      await this.db.transaction().execute(async (trx) => {
        await this.rollupMonth(trx, month!, end);
        await this.setThrough(end, trx);
      });
    }
  }

  /** The month of the oldest play, vote, request or chat line; null: there is none. */
  private async firstMonth(): Promise<number | null> {
    const { rows } = await sql<{ at: number | string | null }>`
      select min(at) as at from (
        select min(started_at) as at from play_history
        union all select min(created_at) from votes
        union all select min(requested_at) from queue_entries
        union all select min(created_at) from oneliner_messages
      ) firsts`.execute(this.db);
    const at = rows[0]?.at;
    return at === null || at === undefined ? null : monthOf(Number(at));
  }

  private async setThrough(at: number, db: Db = this.db): Promise<void> {
    const value = JSON.stringify(at);
    await db
      .insertInto('settings')
      .values({ key: THROUGH, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }

  private async rollupMonth(db: Db, a: number, b: number): Promise<void> {
    await db.deleteFrom('song_months').where('month', '=', a).execute();
    await db.deleteFrom('user_months').where('month', '=', a).execute();
    await sql`
      insert into song_months (month, song_id, plays, requests, gain, votes)
      select ${sql.lit(a)}, song_id, sum(plays), sum(requests), coalesce(sum(gain), 0), sum(votes) from (
        select song_id, 1 as plays,
          case when requested_by is not null then 1 else 0 end as requests,
          listeners_end - listeners_start as gain, 0 as votes
        from play_history where started_at >= ${a} and started_at < ${b}
        union all
        select song_id, 0, 0, 0, 1 from votes where created_at >= ${a} and created_at < ${b}
      ) month_rows
      group by song_id`.execute(db);
    await sql`
      insert into user_months (month, user_id, requests, chat_lines)
      select ${sql.lit(a)}, user_id, sum(requests), sum(chat_lines) from (
        select requested_by as user_id, 1 as requests, 0 as chat_lines from queue_entries
        where requested_at >= ${a} and requested_at < ${b} and requested_by is not null
        union all
        select user_id, 0, 1 from oneliner_messages where created_at >= ${a} and created_at < ${b}
      ) month_rows
      group by user_id`.execute(db);
  }
}
