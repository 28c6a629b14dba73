import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { idIn, type Engine } from '../../db/dialect.js';
import { rolledWeeks } from '../../core/listener-stats.js';
import { weekSums } from './stats-totals.repo.js';

export type TopKind = 'songs' | 'artists' | 'platforms';
export type TopMeasure = 'plays' | 'requests' | 'votes' | 'gain';

export interface TopRow {
  id: number;
  name: string;
  plays: number;
  requests: number;
  votes: number;
  gain: number;
}

export interface CountRow {
  id: number;
  name: string;
  count: number;
}

/** A range, and its whole weeks read from the running totals (null: none, all raw). */
interface Span {
  from: number;
  to: number;
  weeks: { a: number; b: number } | null;
}

interface Measures {
  key: number;
  plays: number;
  requests: number;
  gain: number;
}

/** What a play or a vote counts for: the song, or each of its artists (platforms: `allMeasures`). */
const KEYS: Record<Exclude<TopKind, 'platforms'>, { join: string; key: string }> = {
  songs: { join: '', key: 'x.song_id' },
  artists: { join: 'join song_artists k on k.song_id = x.song_id', key: 'k.artist_id' },
};

/**
 * A row's `song_id` counts for one of the keys `ids`: those songs, or the artists' songs.
 * Platforms are read in one pass instead: a few of them hold most songs, and a list of them
 * would lead the engine to read each song's plays over all time instead of the range's.
 */
const SONG_OF: Record<
  Exclude<TopKind, 'platforms'>,
  (engine: Engine, ids: number[]) => RawBuilder<unknown>
> = {
  songs: (engine, ids) => idIn(engine, 'song_id', ids),
  artists: (engine, ids) =>
    sql`song_id in (select song_id from song_artists where ${idIn(engine, 'artist_id', ids)})`,
};

const NAMES: Record<TopKind, { table: string; name: string }> = {
  songs: { table: 'songs', name: 'title' },
  artists: { table: 'artists', name: 'name' },
  platforms: { table: 'platforms', name: 'name' },
};

/**
 * The statistics' top tables over a range: songs, artists and platforms by plays, requests,
 * votes and listener gain (each play's listeners at its end less those at its start), and the
 * listeners who requested and chatted most. The measure ranked by is counted with a limit; the
 * others only for the rows it found. Whole weeks come from the running totals once rolled up
 * (two weeks' totals, whatever the range's length), the rest of a range (under a week at each
 * end) from the raw rows.
 */
export class StatsTopsRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    /** Weeks before this are rolled up (the running totals' progress). */
    private readonly weeksThrough: () => Promise<number>,
  ) {}

  private async span(from: number, to: number): Promise<Span> {
    return { from, to, weeks: rolledWeeks(from, to, await this.weeksThrough()) };
  }

  async top(
    kind: TopKind,
    by: TopMeasure,
    from: number,
    to: number,
    limit: number,
  ): Promise<TopRow[]> {
    const span = await this.span(from, to);
    if (kind === 'platforms') {
      // Few keys: every measure in one pass over the range's rows.
      const rows = await this.allMeasures(span, by, limit);
      const names = await this.names(
        kind,
        rows.map((r) => r.key),
      );
      return rows.map(({ key, ...m }) => ({ id: key, name: names.get(key) ?? '', ...m }));
    }
    let ids: number[];
    let plays: Measures[];
    let votes: Map<number, number>;
    if (by === 'votes') {
      const ranked = await this.votes(kind, span, null, limit);
      ids = ranked.map((r) => r.key);
      votes = new Map(ranked.map((r) => [r.key, r.votes]));
      plays = ids.length ? await this.plays(kind, span, ids, 'plays', ids.length) : [];
    } else {
      plays = await this.plays(kind, span, null, by, limit);
      ids = plays.map((r) => r.key);
      const counted = ids.length ? await this.votes(kind, span, ids, ids.length) : [];
      votes = new Map(counted.map((r) => [r.key, r.votes]));
    }
    const names = await this.names(kind, ids);
    const byKey = new Map(plays.map((p) => [p.key, p]));
    return ids.map((id) => ({
      id,
      name: names.get(id) ?? '',
      plays: byKey.get(id)?.plays ?? 0,
      requests: byKey.get(id)?.requests ?? 0,
      votes: votes.get(id) ?? 0,
      gain: byKey.get(id)?.gain ?? 0,
    }));
  }

  /** The listeners who requested most in the range. */
  async requesters(from: number, to: number, limit: number): Promise<CountRow[]> {
    const span = await this.span(from, to);
    const raw = (a: number, b: number) =>
      sql`select requested_by as id, 1 as n from queue_entries
        where requested_at >= ${a} and requested_at < ${b} and requested_by is not null`;
    return this.byUser(this.userRows(span, raw, 'requests'), limit);
  }

  /** The listeners who wrote most chat lines in the range. */
  async chatters(from: number, to: number, limit: number): Promise<CountRow[]> {
    const span = await this.span(from, to);
    const raw = (a: number, b: number) =>
      sql`select user_id as id, 1 as n from oneliner_messages
        where created_at >= ${a} and created_at < ${b}`;
    return this.byUser(this.userRows(span, raw, 'chat_lines'), limit);
  }

  /** Rows of `(id, n)`: the whole weeks' sums and the raw rows of the range's edges. */
  private userRows(
    span: Span,
    raw: (a: number, b: number) => RawBuilder<unknown>,
    column: 'requests' | 'chat_lines',
  ): RawBuilder<unknown> {
    const { from, to, weeks } = span;
    if (!weeks) return raw(from, to);
    return sql`select user_id as id, ${sql.raw(column)} as n
        from (${weekSums('user_totals', ['user_id'], [column], weeks)}) m
        where ${sql.raw(column)} > 0
      union all ${raw(from, weeks.a)}
      union all ${raw(weeks.b, to)}`;
  }

  private async byUser(source: RawBuilder<unknown>, limit: number): Promise<CountRow[]> {
    const { rows } = await sql<{ id: number; n: number }>`
      select x.id, sum(x.n) as n from (${source}) x
      group by x.id order by n desc, x.id limit ${limit}`.execute(this.db);
    const ids = rows.map((r) => Number(r.id));
    const users = ids.length
      ? await this.db
          .selectFrom('users')
          .select(['id', 'username'])
          .where(idIn(this.engine, 'id', ids))
          .execute()
      : [];
    const names = new Map(users.map((u) => [u.id, u.username]));
    return rows.map((r) => ({
      id: Number(r.id),
      name: names.get(Number(r.id)) ?? '',
      count: Number(r.n),
    }));
  }

  /**
   * Plays as rows of `(song_id, plays, requests, gain)`: one per raw play in the range, or the
   * whole weeks' sums and a row per raw play of the range's edges. They are summed per song
   * before an artist's or platform's are joined (a song's rows at most, not every play's).
   */
  private playRows({ from, to, weeks }: Span, only: RawBuilder<unknown>): RawBuilder<unknown> {
    const raw = (a: number, b: number) =>
      sql`select song_id, 1 as plays, case when requested_by is not null then 1 else 0 end as requests,
          listeners_end - listeners_start as gain
        from play_history where started_at >= ${a} and started_at < ${b} and ${only}`;
    if (!weeks) return raw(from, to);
    return sql`select song_id, plays, requests, gain
        from (${weekSums('song_totals', ['song_id'], ['plays', 'requests', 'gain'], weeks)}) m
        where plays > 0 and ${only}
      union all ${raw(from, weeks.a)}
      union all ${raw(weeks.b, to)}`;
  }

  /** Votes as rows of `(song_id, votes)`, as plays are. */
  private voteRows({ from, to, weeks }: Span, only: RawBuilder<unknown>): RawBuilder<unknown> {
    const raw = (a: number, b: number) =>
      sql`select song_id, 1 as votes from votes
        where created_at >= ${a} and created_at < ${b} and ${only}`;
    if (!weeks) return raw(from, to);
    return sql`select song_id, votes from (${weekSums('song_totals', ['song_id'], ['votes'], weeks)}) m
        where votes > 0 and ${only}
      union all ${raw(from, weeks.a)}
      union all ${raw(weeks.b, to)}`;
  }

  private async plays(
    kind: Exclude<TopKind, 'platforms'>,
    span: Span,
    ids: number[] | null,
    by: Exclude<TopMeasure, 'votes'>,
    limit: number,
  ): Promise<Measures[]> {
    const { join, key } = KEYS[kind];
    const only = ids ? sql`and ${idIn(this.engine, key, ids)}` : sql``;
    const songs = ids ? SONG_OF[kind](this.engine, ids) : sql`1 = 1`;
    const { rows } = await sql<{ key: number; plays: number; requests: number; gain: number }>`
      select ${sql.raw(key)} as key, sum(x.plays) as plays, sum(x.requests) as requests,
        coalesce(sum(x.gain), 0) as gain
      from (
        select song_id, sum(plays) as plays, sum(requests) as requests, sum(gain) as gain
        from (${this.playRows(span, songs)}) r group by song_id
      ) x ${sql.raw(join)}
      where ${sql.raw(key)} is not null ${only}
      group by ${sql.raw(key)}
      order by ${sql.raw(by)} desc, ${sql.raw(key)}
      limit ${limit}`.execute(this.db);
    return rows.map((r) => ({
      key: Number(r.key),
      plays: Number(r.plays),
      requests: Number(r.requests),
      gain: Number(r.gain),
    }));
  }

  private async votes(
    kind: Exclude<TopKind, 'platforms'>,
    span: Span,
    ids: number[] | null,
    limit: number,
  ): Promise<{ key: number; votes: number }[]> {
    const { join, key } = KEYS[kind];
    const only = ids ? sql`and ${idIn(this.engine, key, ids)}` : sql``;
    const songs = ids ? SONG_OF[kind](this.engine, ids) : sql`1 = 1`;
    const { rows } = await sql<{ key: number; votes: number }>`
      select ${sql.raw(key)} as key, sum(x.votes) as votes
      from (
        select song_id, sum(votes) as votes from (${this.voteRows(span, songs)}) r group by song_id
      ) x ${sql.raw(join)}
      where ${sql.raw(key)} is not null ${only}
      group by ${sql.raw(key)}
      order by votes desc, ${sql.raw(key)}
      limit ${limit}`.execute(this.db);
    return rows.map((r) => ({ key: Number(r.key), votes: Number(r.votes) }));
  }

  /** Platforms by `by`, with every measure, from the plays and votes read together. */
  private async allMeasures(
    { from, to, weeks }: Span,
    by: TopMeasure,
    limit: number,
  ): Promise<(Measures & { votes: number })[]> {
    const raw = (a: number, b: number) => sql`
      select song_id, 1 as plays, case when requested_by is not null then 1 else 0 end as requests,
        listeners_end - listeners_start as gain, 0 as votes
      from play_history where started_at >= ${a} and started_at < ${b}
      union all
      select song_id, 0, 0, 0, 1 from votes where created_at >= ${a} and created_at < ${b}`;
    const rows = weeks
      ? sql`select song_id, plays, requests, gain, votes
          from (${weekSums('song_totals', ['song_id'], ['plays', 'requests', 'gain', 'votes'], weeks)}) m
        union all ${raw(from, weeks.a)}
        union all ${raw(weeks.b, to)}`
      : raw(from, to);
    const result = await sql<Measures & { votes: number }>`
      select k.platform_id as key, sum(x.plays) as plays, sum(x.requests) as requests,
        coalesce(sum(x.gain), 0) as gain, sum(x.votes) as votes
      from (
        select song_id, sum(plays) as plays, sum(requests) as requests, sum(gain) as gain,
          sum(votes) as votes
        from (${rows}) r group by song_id
      ) x join songs k on k.id = x.song_id
      where k.platform_id is not null
      group by k.platform_id
      having sum(x.${sql.raw(by === 'votes' ? 'votes' : 'plays')}) > 0
      order by ${sql.raw(by)} desc, k.platform_id
      limit ${limit}`.execute(this.db);
    return result.rows.map((r) => ({
      key: Number(r.key),
      plays: Number(r.plays),
      requests: Number(r.requests),
      gain: Number(r.gain),
      votes: Number(r.votes),
    }));
  }

  private async names(kind: TopKind, ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const { table, name } = NAMES[kind];
    const { rows } = await sql<{ id: number; name: string }>`
      select id, ${sql.raw(name)} as name from ${sql.raw(table)}
      where ${idIn(this.engine, 'id', ids)}`.execute(this.db);
    return new Map(rows.map((r) => [Number(r.id), r.name]));
  }
}
