import { sql } from 'kysely';
import { QUEUED_OR_ON_AIR } from '../../core/song-rules.js';
import type { Db } from '../../db/database.js';
import {
  playableRow,
  requestableSongs,
  songAvailable,
  type PlayableRow,
} from '../../db/song-playable.js';
import { songInTheme, type ThemeFilter } from '../../db/song-theme.js';
import { songArtistNames } from '../../db/song-sql.js';
import { trackStreamTitle } from '../../core/stream-title.js';

export type { PlayableRow };

export interface AutoDjCandidate {
  id: number;
  vote_count: number;
  vote_total: number;
  last_played_at: number | null;
}

/** The playout's SQL: queue entries, play history, the auto-DJ's candidates and next pick. */
export class PlayoutRepo {
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

  /**
   * The oldest entry not yet played: the next track. During a themed show, the oldest whose
   * song is in the theme: the others wait for the show's end.
   */
  nextQueued(exceptId: number | null, theme: ThemeFilter | null = null) {
    let query = this.db
      .selectFrom('queue_entries as q')
      .innerJoin('songs as s', 's.id', 'q.song_id')
      .select(['q.id', 'q.song_id', 'q.requested_by'])
      .where('q.state', '=', 'queued');
    if (exceptId !== null) query = query.where('q.id', '!=', exceptId);
    if (theme) query = query.where(songInTheme(theme));
    return query.orderBy('q.id').executeTakeFirst();
  }

  /** The song's play settings and its newest file. */
  playable(songId: number): Promise<PlayableRow | undefined> {
    return playableRow(this.db, songId);
  }

  /** "Artist, Artist - Title", as stream players show it. */
  async displayTitle(songId: number): Promise<string> {
    const song = await this.db
      .selectFrom('songs')
      .select('title')
      .where('id', '=', songId)
      .executeTakeFirst();
    return trackStreamTitle(await songArtistNames(this.db, songId), song?.title ?? '');
  }

  /** Artists of the song, to keep the auto-DJ from playing one again too soon. */
  async artistIds(songId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('song_artists')
      .select('artist_id')
      .where('song_id', '=', songId)
      .execute();
    return rows.map((r) => r.artist_id);
  }

  /**
   * The last `count` plays, newest first, with their songs' artists (the newest history rows
   * through the started_at index, then their artists by song).
   */
  async recentPlays(count: number): Promise<{ songId: number; artists: number[] }[]> {
    if (count <= 0) return [];
    const plays = await this.db
      .selectFrom('play_history')
      .select(['id', 'song_id'])
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(count)
      .execute();
    const artists = await this.artistsOf([...new Set(plays.map((p) => p.song_id))]);
    return plays.map((p) => ({ songId: p.song_id, artists: artists.get(p.song_id) ?? [] }));
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

  /** Playable songs outside the lock window and not queued (in the theme), among the given ids. */
  eligibleAmong(
    ids: readonly number[],
    lockedSince: number,
    theme: ThemeFilter | null = null,
  ): Promise<AutoDjCandidate[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.eligible(lockedSince, theme).where('s.id', 'in', ids).execute();
  }

  /** Playable songs outside the lock window and not queued (in the theme), a random handful. */
  eligibleRandom(
    lockedSince: number,
    limit: number,
    theme: ThemeFilter | null = null,
  ): Promise<AutoDjCandidate[]> {
    return this.eligible(lockedSince, theme)
      .orderBy(sql`random()`)
      .limit(limit)
      .execute();
  }

  /** Every playable song is locked: the least recently played one that is not queued. */
  leastRecentlyPlayed(): Promise<AutoDjCandidate | undefined> {
    return this.available()
      .orderBy(sql`s.last_played_at is not null`)
      .orderBy('s.last_played_at')
      .limit(1)
      .executeTakeFirst();
  }

  private available() {
    return this.db
      .selectFrom('songs as s')
      .where(songAvailable)
      .select(['s.id', 's.vote_count', 's.vote_total', 's.last_played_at']);
  }

  private eligible(lockedSince: number, theme: ThemeFilter | null = null) {
    const query = requestableSongs(this.db, lockedSince).select([
      's.id',
      's.vote_count',
      's.vote_total',
      's.last_played_at',
    ]);
    return theme ? query.where(songInTheme(theme)) : query;
  }

  /**
   * The track's first sample is on air: the entry becomes `playing` (an auto-DJ pick gets an
   * entry without requester), the history row is written and the song's play count kept.
   * Answers the entry id, who requested it (null for the auto-DJ's own pick) and the history
   * row's id.
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
      const history = await trx
        .insertInto('play_history')
        .values({
          song_id: track.songId,
          queue_id: queueId,
          requested_by: requestedBy,
          started_at: at,
          length: track.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('songs')
        .set({ last_played_at: at, play_count: sql`play_count + 1` })
        .where('id', '=', track.songId)
        .execute();
      return { queueId, requestedBy, historyId: history.id };
    });
  }

  /**
   * Records the auto-DJ's pick for the track after the entry `afterQueueId` (on air now), or
   * that there is none (null): what the queue shows as "Up next" (migration 0020).
   */
  async setNext(
    pick: { songId: number; afterQueueId: number | null; length: number } | null,
    at: number,
  ): Promise<void> {
    if (!pick) {
      await this.db.deleteFrom('station_next').where('id', '=', 1).execute();
      return;
    }
    const row = {
      song_id: pick.songId,
      after_queue_id: pick.afterQueueId,
      length: pick.length,
      chosen_at: at,
    };
    await this.db
      .insertInto('station_next')
      .values({ id: 1, ...row })
      .onConflict((oc) => oc.column('id').doUpdateSet(row))
      .execute();
  }

  /** Closes an entry: `played` when it ran out, `skipped` when cut or unplayable. */
  async finish(queueId: number, state: 'played' | 'skipped') {
    await this.db
      .updateTable('queue_entries')
      .set({ state })
      .where('id', '=', queueId)
      .where('state', 'in', QUEUED_OR_ON_AIR)
      .execute();
  }

  /**
   * A request cut for a live show goes back where it was, the head of the queue: the queue
   * plays the oldest waiting entry first, and every entry still waiting came after it.
   */
  async requeue(queueId: number) {
    await this.db
      .updateTable('queue_entries')
      .set({ state: 'queued', started_at: null })
      .where('id', '=', queueId)
      .where('state', '=', 'playing')
      .execute();
  }

  async markUnplayable(songId: number) {
    await this.db
      .updateTable('songs')
      .set({ status: 'unplayable' })
      .where('id', '=', songId)
      .execute();
  }
}
