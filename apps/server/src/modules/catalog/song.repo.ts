import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface SongRow {
  id: number;
  title: string;
  length: number;
  status: string;
  h_length: number;
  h_skip: number;
  h_fadeout: number;
  vote_count: number;
  vote_total: number;
  last_played_at: number | null;
  platform_name: string | null;
  platform_brief: string | null;
}

/** Reads songs and what hangs off them, always for a batch of ids: one query per kind. */
export class SongRepo {
  constructor(private readonly db: Db) {}

  rows(ids: readonly number[]): Promise<SongRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('songs as s')
      .leftJoin('platforms as p', 'p.id', 's.platform_id')
      .select([
        's.id',
        's.title',
        's.length',
        's.status',
        's.h_length',
        's.h_skip',
        's.h_fadeout',
        's.vote_count',
        's.vote_total',
        's.last_played_at',
        'p.name as platform_name',
        'p.brief as platform_brief',
      ])
      .where('s.id', 'in', ids)
      .execute();
  }

  artists(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('song_artists as sa')
      .innerJoin('artists as a', 'a.id', 'sa.artist_id')
      .select(['sa.song_id', 'a.id', 'a.name'])
      .where('sa.song_id', 'in', ids)
      .orderBy('sa.song_id')
      .orderBy('sa.position')
      .execute();
  }

  tags(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('song_tags as st')
      .innerJoin('tags as t', 't.id', 'st.tag_id')
      .select(['st.song_id', 't.name'])
      .where('st.song_id', 'in', ids)
      .orderBy('t.name')
      .execute();
  }

  userVotes(userId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('votes')
      .select(['song_id', 'vote'])
      .where('user_id', '=', userId)
      .where('song_id', 'in', ids)
      .execute();
  }

  userFavorites(userId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('favorites')
      .select('song_id')
      .where('user_id', '=', userId)
      .where('song_id', 'in', ids)
      .execute();
  }

  /** Songs waiting in the queue or on air: they cannot be requested again. */
  async queuedSongIds(): Promise<Set<number>> {
    const rows = await this.db
      .selectFrom('queue_entries')
      .select('song_id')
      .where('state', 'in', ['queued', 'playing'])
      .execute();
    return new Set(rows.map((r) => r.song_id));
  }

  async exists(id: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('songs')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Average rounded to two decimals, or null without votes. */
  static average(row: { vote_count: number; vote_total: number }): number | null {
    return row.vote_count > 0 ? Math.round((row.vote_total / row.vote_count) * 100) / 100 : null;
  }

  /** Recomputes a song's vote aggregate from the votes themselves (safe under races). */
  async refreshVoteAggregate(songId: number, db: Db = this.db): Promise<void> {
    await db
      .updateTable('songs')
      .set({
        vote_count: sql<number>`(select count(*) from votes where song_id = ${songId})`,
        vote_total: sql<number>`(select coalesce(sum(vote), 0) from votes where song_id = ${songId})`,
      })
      .where('id', '=', songId)
      .execute();
  }
}
