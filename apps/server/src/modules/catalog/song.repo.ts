import { sql } from 'kysely';
import { jsonArrayFrom as pgJsonArray } from 'kysely/helpers/postgres';
import { jsonArrayFrom as sqliteJsonArray } from 'kysely/helpers/sqlite';
import { QUEUED_OR_ON_AIR } from '../../core/song-rules.js';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { engineOf, idIn, type Engine } from '../../db/dialect.js';
import { hasApprovedFile, playableRow, type PlayableRow } from '../../db/song-playable.js';
import { songVisibleTo } from '../../db/song-visibility.js';
import type { QueueSlot } from './queue-slots.js';

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
  has_file: number | boolean;
  platform_name: string | null;
  platform_brief: string | null;
  cover_art: string | null;
  /** 0 while a listener's new song waits for review (see core/song-visibility.ts). */
  reviewed: number;
  added_by: number | null;
}

export interface DetailSongRow extends SongRow {
  filename: string | null;
}

/** The song page lists this many of the song's last plays, and of its last requests. */
const HISTORY_LIMIT = 50;
/** The song page lists this many of the song's comments, newest first. */
const COMMENTS_LIMIT = 200;

/** What the song page shows beside the song's row. */
export interface SongPageFacts {
  /** The song's artists in credit order. */
  credits: { id: number; name: string }[];
  comments: { id: number; username: string; created_at: number; comment: string }[];
  tags: { name: string; partners: [string, number][] }[];
  votes: { username: string; vote: number }[];
  favorites: { username: string }[];
  /** The last plays, newest first (at most HISTORY_LIMIT), and how many there were. */
  history: { played_at: number; requested_by_username: string | null }[];
  play_count: number;
  /** The last requests, newest first (at most HISTORY_LIMIT), and how many there were. */
  requests: { requested_at: number; requested_by_username: string }[];
  request_count: number;
}

/** A song's row and its page's lists, read together (see `SongRepo.page`). */
export interface SongPage {
  row: DetailSongRow;
  facts: SongPageFacts;
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Reads songs and what hangs off them: lists for a batch of ids, one query per kind, and one
 * song's page in one statement.
 */
export class SongRepo {
  private readonly engine: Engine;
  /** Tag names by id, filled as lists meet them (see `tags`). */
  private readonly tagNames = new Map<number, string>();

  constructor(private readonly db: Db) {
    this.engine = engineOf(db);
  }

  rows(ids: readonly number[]): Promise<SongRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.rowsQuery(ids).execute();
  }

  /**
   * A song's page in one statement: its row with the name of its file, and every list the page
   * shows beside it (artists, tags with their kept partner counts, votes, favourites, the last
   * plays and requests with how many of each there were, the comments), each built as a JSON
   * array by the database. One round trip instead of one per list: on PostgreSQL each is a
   * network exchange and a statement to run. A song has at most one file (a second upload is
   * refused); should there be more, the approved one, then the oldest, is named. Undefined when
   * there is no such song, or the viewer may not see it.
   */
  async page(songId: number, viewer: SongViewer | null): Promise<SongPage | undefined> {
    const json = this.engine === 'sqlite' ? sqliteJsonArray : pgJsonArray;
    const row = await this.rowsQuery([songId])
      .where(songVisibleTo(viewer))
      .select((eb) => [
        eb
          .selectFrom('files as f')
          .select('f.filename')
          .whereRef('f.song_id', '=', 's.id')
          .orderBy('f.pending')
          .orderBy('f.id')
          .limit(1)
          .as('filename'),
        json(
          eb
            .selectFrom('song_artists as sa')
            .innerJoin('artists as a', 'a.id', 'sa.artist_id')
            .select(['a.id', 'a.name'])
            .where('sa.song_id', '=', songId)
            .orderBy('sa.position'),
        ).as('credits'),
        json(
          eb
            .selectFrom('song_tags as st')
            .innerJoin('tags as t', 't.id', 'st.tag_id')
            .select(['t.name', 't.top_partners'])
            .where('st.song_id', '=', songId)
            .orderBy('t.name'),
        ).as('tags'),
        json(
          eb
            .selectFrom('votes as v')
            .innerJoin('users as u', 'u.id', 'v.user_id')
            .select(['u.username', 'v.vote'])
            .where('v.song_id', '=', songId)
            .orderBy('v.created_at', 'desc'),
        ).as('votes'),
        json(
          eb
            .selectFrom('favorites as fv')
            .innerJoin('users as u', 'u.id', 'fv.user_id')
            .select('u.username')
            .where('fv.song_id', '=', songId)
            .orderBy('u.username'),
        ).as('favorites'),
        json(
          eb
            .selectFrom('play_history as h')
            .leftJoin('users as u', 'u.id', 'h.requested_by')
            .select(['h.started_at as played_at', 'u.username as requested_by_username'])
            .where('h.song_id', '=', songId)
            .orderBy('h.started_at', 'desc')
            .limit(HISTORY_LIMIT),
        ).as('history'),
        eb
          .selectFrom('play_history')
          .select((q) => q.fn.countAll<number>().as('n'))
          .where('song_id', '=', songId)
          .as('play_count'),
        // A request is an entry with a requester (the auto-DJ's own picks have none), read
        // newest first from the `queue_song_requests` index; the count is the same set.
        json(
          eb
            .selectFrom('queue_entries as q')
            .innerJoin('users as u', 'u.id', 'q.requested_by')
            .select(['q.requested_at', 'u.username as requested_by_username'])
            .where('q.song_id', '=', songId)
            .where('q.requested_by', 'is not', null)
            .orderBy('q.id', 'desc')
            .limit(HISTORY_LIMIT),
        ).as('requests'),
        json(
          eb
            .selectFrom('comments as c')
            .innerJoin('users as u', 'u.id', 'c.user_id')
            .select(['c.id', 'u.username', 'c.created_at', 'c.comment'])
            .where('c.song_id', '=', songId)
            .orderBy('c.id', 'desc')
            .limit(COMMENTS_LIMIT),
        ).as('comments'),
        eb
          .selectFrom('queue_entries')
          .select((q) => q.fn.countAll<number>().as('n'))
          .where('song_id', '=', songId)
          .where('requested_by', 'is not', null)
          .as('request_count'),
      ])
      .executeTakeFirst();
    if (!row) return undefined;
    const { credits, tags, votes, favorites, history, comments, requests, ...rest } = row;
    const { play_count, request_count, ...song } = rest;
    return {
      row: song,
      facts: {
        credits: fromJson(credits),
        comments: fromJson(comments),
        tags: fromJson(tags).map((t) => ({
          name: t.name,
          partners: JSON.parse(t.top_partners) as [string, number][],
        })),
        votes: fromJson(votes),
        favorites: fromJson(favorites),
        history: fromJson(history),
        play_count: Number(play_count ?? 0),
        requests: fromJson(requests),
        request_count: Number(request_count ?? 0),
      },
    };
  }

  private rowsQuery(ids: readonly number[]) {
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
        's.cover_art',
        's.reviewed',
        's.added_by',
        'p.name as platform_name',
        'p.brief as platform_brief',
        // An approved file: a listener's upload counts once staff approved it.
        (eb) => hasApprovedFile(eb).as('has_file'),
      ])
      .where(idIn(this.engine, 's.id', ids));
  }

  artists(ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('song_artists as sa')
      .innerJoin('artists as a', 'a.id', 'sa.artist_id')
      .select(['sa.song_id', 'a.id', 'a.name'])
      .where(idIn(this.engine, 'sa.song_id', ids))
      .orderBy('sa.song_id')
      .orderBy('sa.position')
      .execute();
  }

  /**
   * Each song's tag names by song id, in name order. The songs' tag ids come from the
   * (song_id, tag_id) key alone and the names from those kept here: a tag is never renamed or
   * removed, so an id names the same tag for good, and joining every row to `tags` cost more
   * than reading the rows.
   */
  async tags(ids: readonly number[]): Promise<Map<number, string[]>> {
    const bySong = new Map<number, string[]>();
    if (ids.length === 0) return bySong;
    const rows = await this.db
      .selectFrom('song_tags')
      .select(['song_id', 'tag_id'])
      .where(idIn(this.engine, 'song_id', ids))
      .execute();
    const unknown = [...new Set(rows.map((r) => r.tag_id))].filter((id) => !this.tagNames.has(id));
    if (unknown.length > 0) {
      const named = await this.db
        .selectFrom('tags')
        .select(['id', 'name'])
        .where(idIn(this.engine, 'id', unknown))
        .execute();
      for (const tag of named) this.tagNames.set(tag.id, tag.name);
    }
    for (const { song_id, tag_id } of rows) {
      const name = this.tagNames.get(tag_id);
      if (name === undefined) continue;
      const names = bySong.get(song_id);
      if (names) names.push(name);
      else bySong.set(song_id, [name]);
    }
    for (const names of bySong.values()) names.sort(byCodeUnits);
    return bySong;
  }

  userVotes(userId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('votes')
      .select(['song_id', 'vote'])
      .where('user_id', '=', userId)
      .where(idIn(this.engine, 'song_id', ids))
      .execute();
  }

  userFavorites(userId: number, ids: readonly number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('favorites')
      .select('song_id')
      .where('user_id', '=', userId)
      .where(idIn(this.engine, 'song_id', ids))
      .execute();
  }

  /** The queue as it stands, on air first then waiting in play order, with lengths. */
  queueSlots(): Promise<QueueSlot[]> {
    return this.db
      .selectFrom('queue_entries as q')
      .innerJoin('songs as s', 's.id', 'q.song_id')
      .select(['q.song_id', 'q.state', 'q.started_at', 's.length', 's.h_length', 's.h_skip'])
      .where('q.state', 'in', QUEUED_OR_ON_AIR)
      .orderBy('q.id')
      .execute();
  }

  /** The song's play settings and the file the station would play. */
  playable(id: number): Promise<PlayableRow | undefined> {
    return playableRow(this.db, id);
  }

  /** The song exists and the viewer may see it (for them, one that does not exist). */
  async visible(id: number, viewer: SongViewer | null): Promise<boolean> {
    const row = await this.db
      .selectFrom('songs as s')
      .select('s.id')
      .where('s.id', '=', id)
      .where(songVisibleTo(viewer))
      .executeTakeFirst();
    return row !== undefined;
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

/** SQLite hands a JSON array over as text, PostgreSQL as the parsed value. */
function fromJson<T>(value: T[] | string): T[] {
  return typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
}
