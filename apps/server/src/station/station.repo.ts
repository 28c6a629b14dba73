import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { playableSongs, requestableSongs } from '../modules/catalog/requestable.js';

/** What the playout needs to play a song. */
export interface PlayableRow {
  id: number;
  length: number;
  status: string;
  h_length: number;
  h_skip: number;
  h_fadeout: number;
  loudness_gain: number | null;
  stored_path: string | null;
}

export interface AutoDjCandidate {
  id: number;
  vote_count: number;
  vote_total: number;
  last_played_at: number | null;
}

/** The station's reads and writes: queue entries, play history, the auto-DJ's candidates. */
export class StationRepo {
  constructor(private readonly db: Db) {}

  /** The entry on air, if the station was playing one (after a restart too). */
  playingEntry() {
    return this.db
      .selectFrom('queue_entries')
      .select(['id', 'song_id', 'requested_by', 'started_at'])
      .where('state', '=', 'playing')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  /** The oldest entry not yet played: the next track. */
  nextQueued(exceptId: number | null) {
    let query = this.db
      .selectFrom('queue_entries')
      .select(['id', 'song_id', 'requested_by'])
      .where('state', '=', 'queued');
    if (exceptId !== null) query = query.where('id', '!=', exceptId);
    return query.orderBy('id').executeTakeFirst();
  }

  /** The song's play settings and its newest file. */
  playable(songId: number): Promise<PlayableRow | undefined> {
    return this.db
      .selectFrom('songs as s')
      .select([
        's.id',
        's.length',
        's.status',
        's.h_length',
        's.h_skip',
        's.h_fadeout',
        's.loudness_gain',
        (eb) =>
          eb
            .selectFrom('files as f')
            .select('f.stored_path')
            .whereRef('f.song_id', '=', 's.id')
            .orderBy('f.id', 'desc')
            .limit(1)
            .as('stored_path'),
      ])
      .where('s.id', '=', songId)
      .executeTakeFirst();
  }

  /** Artists of the song, to keep the auto-DJ from playing one twice in a row. */
  async artistIds(songId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('song_artists')
      .select('artist_id')
      .where('song_id', '=', songId)
      .execute();
    return rows.map((r) => r.artist_id);
  }

  async artistsOf(songIds: readonly number[]): Promise<Map<number, number[]>> {
    const map = new Map<number, number[]>();
    if (songIds.length === 0) return map;
    const rows = await this.db
      .selectFrom('song_artists')
      .select(['song_id', 'artist_id'])
      .where('song_id', 'in', songIds)
      .execute();
    for (const r of rows) map.set(r.song_id, [...(map.get(r.song_id) ?? []), r.artist_id]);
    return map;
  }

  /** The id range, for sampling a large catalogue without reading it. */
  async idRange(): Promise<{ min: number; max: number } | null> {
    const row = await this.db
      .selectFrom('songs')
      .select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')])
      .executeTakeFirst();
    return row && row.min !== null && row.max !== null
      ? { min: Number(row.min), max: Number(row.max) }
      : null;
  }

  /** Playable songs outside the lock window and not queued, among the given ids. */
  eligibleAmong(ids: readonly number[], lockedSince: number): Promise<AutoDjCandidate[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.eligible(lockedSince).where('s.id', 'in', ids).execute();
  }

  /** Playable songs outside the lock window and not queued, a random handful. */
  eligibleRandom(lockedSince: number, limit: number): Promise<AutoDjCandidate[]> {
    return this.eligible(lockedSince)
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
  }

  /** Every playable song is locked: the least recently played one that is not queued. */
  leastRecentlyPlayed(): Promise<AutoDjCandidate | undefined> {
    return this.playableSongs()
      .orderBy(sql`s.last_played_at is not null`)
      .orderBy('s.last_played_at')
      .limit(1)
      .executeTakeFirst();
  }

  private playableSongs() {
    return playableSongs(this.db).select([
      's.id',
      's.vote_count',
      's.vote_total',
      's.last_played_at',
    ]);
  }

  private eligible(lockedSince: number) {
    return requestableSongs(this.db, lockedSince).select([
      's.id',
      's.vote_count',
      's.vote_total',
      's.last_played_at',
    ]);
  }

  /**
   * The track's first sample is on air: the entry becomes `playing` (an auto-DJ pick gets an
   * entry without requester), the history row is written and the song's play count kept.
   * Answers the entry id.
   */
  async start(track: { queueId: number | null; songId: number; length: number }, at: number) {
    return this.db.transaction().execute(async (trx) => {
      // One entry is on air at a time, whatever happened to the last one.
      await trx
        .updateTable('queue_entries')
        .set({ state: 'played' })
        .where('state', '=', 'playing')
        .where('id', '!=', track.queueId ?? -1)
        .execute();
      let queueId = track.queueId;
      let requestedBy: number | null = null;
      if (queueId === null) {
        // Someone requested the auto-DJ's pick while it was being prepared: that request
        // is the one going on air.
        const requested = await trx
          .selectFrom('queue_entries')
          .select('id')
          .where('song_id', '=', track.songId)
          .where('state', '=', 'queued')
          .executeTakeFirst();
        queueId = requested?.id ?? null;
      }
      if (queueId === null) {
        const row = await trx
          .insertInto('queue_entries')
          .values({
            song_id: track.songId,
            requested_by: null,
            requested_at: at,
            state: 'playing',
            started_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        queueId = row.id;
      } else {
        const row = await trx
          .updateTable('queue_entries')
          .set({ state: 'playing', started_at: at })
          .where('id', '=', queueId)
          .returning('requested_by')
          .executeTakeFirst();
        requestedBy = row?.requested_by ?? null;
      }
      await trx
        .insertInto('play_history')
        .values({
          song_id: track.songId,
          queue_id: queueId,
          requested_by: requestedBy,
          started_at: at,
          length: track.length,
        })
        .execute();
      await trx
        .updateTable('songs')
        .set({ last_played_at: at, play_count: sql`play_count + 1` })
        .where('id', '=', track.songId)
        .execute();
      return queueId;
    });
  }

  /** Closes an entry: `played` when it ran out, `skipped` when cut or unplayable. */
  async finish(queueId: number, state: 'played' | 'skipped') {
    await this.db
      .updateTable('queue_entries')
      .set({ state })
      .where('id', '=', queueId)
      .where('state', 'in', ['queued', 'playing'])
      .execute();
  }

  async markUnplayable(songId: number) {
    await this.db
      .updateTable('songs')
      .set({ status: 'unplayable' })
      .where('id', '=', songId)
      .execute();
  }

  /** Queued entries in play order, with the requester's name. */
  queue(limit: number) {
    return this.db
      .selectFrom('queue_entries as q')
      .leftJoin('users as u', 'u.id', 'q.requested_by')
      .select(['q.id', 'q.song_id', 'u.username as requested_by_username'])
      .where('q.state', '=', 'queued')
      .orderBy('q.id')
      .limit(limit)
      .execute();
  }

  /** The entry on air with its history row (start and effective length). */
  nowPlaying() {
    return this.db
      .selectFrom('queue_entries as q')
      .innerJoin('play_history as h', 'h.queue_id', 'q.id')
      .leftJoin('users as u', 'u.id', 'q.requested_by')
      .select([
        'q.id',
        'q.song_id',
        'h.started_at',
        'h.length',
        'u.username as requested_by_username',
      ])
      .where('q.state', '=', 'playing')
      .orderBy('q.id', 'desc')
      .executeTakeFirst();
  }

  /** Played tracks, newest first, leaving out the one on air. */
  history(limit: number, exceptQueueId: number | null) {
    let query = this.db
      .selectFrom('play_history as h')
      .leftJoin('users as u', 'u.id', 'h.requested_by')
      .select([
        'h.id',
        'h.song_id',
        'h.started_at',
        'h.length',
        'u.username as requested_by_username',
      ])
      .orderBy('h.started_at', 'desc')
      .orderBy('h.id', 'desc')
      .limit(limit);
    if (exceptQueueId !== null) {
      query = query.where((eb) =>
        eb.or([eb('h.queue_id', 'is', null), eb('h.queue_id', '!=', exceptQueueId)]),
      );
    }
    return query.execute();
  }
}
