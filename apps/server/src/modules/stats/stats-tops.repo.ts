import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { idIn, type Engine } from '../../db/dialect.js';

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

interface Measures {
  key: number;
  plays: number;
  requests: number;
  gain: number;
}

/** What a play or a vote counts for: the song, each of its artists, or its platform. */
const KEYS: Record<TopKind, { join: string; key: string }> = {
  songs: { join: '', key: 'x.song_id' },
  artists: { join: 'join song_artists k on k.song_id = x.song_id', key: 'k.artist_id' },
  platforms: { join: 'join songs k on k.id = x.song_id', key: 'k.platform_id' },
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
 * others only for the rows it found.
 */
export class StatsTopsRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  async top(
    kind: TopKind,
    by: TopMeasure,
    from: number,
    to: number,
    limit: number,
  ): Promise<TopRow[]> {
    let ids: number[];
    let plays: Measures[];
    let votes: Map<number, number>;
    if (by === 'votes') {
      const ranked = await this.votes(kind, from, to, null, limit);
      ids = ranked.map((r) => r.key);
      votes = new Map(ranked.map((r) => [r.key, r.votes]));
      plays = ids.length ? await this.plays(kind, from, to, ids, 'plays', ids.length) : [];
    } else {
      plays = await this.plays(kind, from, to, null, by, limit);
      ids = plays.map((r) => r.key);
      const counted = ids.length ? await this.votes(kind, from, to, ids, ids.length) : [];
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
  requesters(from: number, to: number, limit: number): Promise<CountRow[]> {
    return this.byUser(
      sql`select x.requested_by as id, count(*) as n from queue_entries x
        where x.requested_at >= ${from} and x.requested_at < ${to} and x.requested_by is not null
        group by x.requested_by order by n desc, x.requested_by limit ${limit}`,
    );
  }

  /** The listeners who wrote most chat lines in the range. */
  chatters(from: number, to: number, limit: number): Promise<CountRow[]> {
    return this.byUser(
      sql`select x.user_id as id, count(*) as n from oneliner_messages x
        where x.created_at >= ${from} and x.created_at < ${to}
        group by x.user_id order by n desc, x.user_id limit ${limit}`,
    );
  }

  private async byUser(query: RawBuilder<unknown>): Promise<CountRow[]> {
    const { rows } = await sql<{ id: number; n: number }>`${query}`.execute(this.db);
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

  private async plays(
    kind: TopKind,
    from: number,
    to: number,
    ids: number[] | null,
    by: Exclude<TopMeasure, 'votes'>,
    limit: number,
  ): Promise<Measures[]> {
    const { join, key } = KEYS[kind];
    const only = ids ? sql`and ${idIn(this.engine, key, ids)}` : sql``;
    const { rows } = await sql<{ key: number; plays: number; requests: number; gain: number }>`
      select ${sql.raw(key)} as key, count(*) as plays,
        sum(case when x.requested_by is not null then 1 else 0 end) as requests,
        coalesce(sum(x.listeners_end - x.listeners_start), 0) as gain
      from play_history x ${sql.raw(join)}
      where x.started_at >= ${from} and x.started_at < ${to}
        and ${sql.raw(key)} is not null ${only}
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
    kind: TopKind,
    from: number,
    to: number,
    ids: number[] | null,
    limit: number,
  ): Promise<{ key: number; votes: number }[]> {
    const { join, key } = KEYS[kind];
    const only = ids ? sql`and ${idIn(this.engine, key, ids)}` : sql``;
    const { rows } = await sql<{ key: number; votes: number }>`
      select ${sql.raw(key)} as key, count(*) as votes
      from votes x ${sql.raw(join)}
      where x.created_at >= ${from} and x.created_at < ${to}
        and ${sql.raw(key)} is not null ${only}
      group by ${sql.raw(key)}
      order by votes desc, ${sql.raw(key)}
      limit ${limit}`.execute(this.db);
    return rows.map((r) => ({ key: Number(r.key), votes: Number(r.votes) }));
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
