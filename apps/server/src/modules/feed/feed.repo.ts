import type { FeedKind } from '@queuecast/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { firstArtistName } from '../../db/song-sql.js';
import { songVisibleTo } from '../../db/song-visibility.js';

/** A feed row as read: the item's facts before they are shaped for the wire. */
export interface FeedRow {
  kind: FeedKind;
  id: number;
  at: number;
  song_id: number;
  title: string;
  artist: string | null;
  username: string | null;
  text: string | null;
  /** The song's visibility facts (see core/song-visibility.ts). */
  reviewed: number;
  added_by: number | null;
}

/** Where to continue: items strictly older than this one, in (at, kind, id) order. */
export interface FeedCursor {
  at: number;
  rank: number;
  id: number;
}

/**
 * The station's activity, read from the tables where it already lives (play history, the
 * queue's requests, comments, the catalogue): nothing is written twice. Each source is read
 * newest first on its (time, id) index, `limit` rows past the cursor; the service merges them.
 */
export class FeedRepo {
  constructor(private readonly db: Db) {}

  /** Items about songs the viewer may see. */
  async page(
    kind: FeedKind,
    rank: number,
    limit: number,
    viewer: SongViewer | null,
    cursor?: FeedCursor,
  ) {
    const rows = await this.source(kind, cursor ? { ...cursor, own: rank } : undefined)
      .where(songVisibleTo(viewer))
      .limit(limit)
      .execute();
    return rows.map((r) => this.row(kind, r));
  }

  /** One item, whoever may see it (the caller decides who hears of it). */
  async item(kind: FeedKind, id: number): Promise<FeedRow | null> {
    const row = await this.source(kind).where(idColumn(kind), '=', id).executeTakeFirst();
    return row ? this.row(kind, row) : null;
  }

  private row(kind: FeedKind, r: FeedSelect): FeedRow {
    return { ...r, kind, at: Number(r.at) };
  }

  /** One source, newest first, optionally only past the cursor (`own` is this source's rank). */
  private source(kind: FeedKind, cursor?: FeedCursor & { own: number }) {
    const q = this.base(kind);
    if (!cursor) return q;
    const [at, id] = [timeColumn(kind), idColumn(kind)];
    // (at, rank, id) < cursor, with this source's rank fixed.
    if (cursor.own < cursor.rank) return q.where(at, '<=', cursor.at);
    if (cursor.own > cursor.rank) return q.where(at, '<', cursor.at);
    return q.where((eb) =>
      eb.or([eb(at, '<', cursor.at), eb.and([eb(at, '=', cursor.at), eb(id, '<', cursor.id)])]),
    );
  }

  /** Each source joins its song as `s`, which the visibility filter reads. */
  private base(kind: FeedKind): SelectQueryBuilder<WithSong, 's', FeedSelect> {
    const db = this.db;
    switch (kind) {
      case 'played':
        return db
          .selectFrom('play_history as h')
          .innerJoin('songs as s', 's.id', 'h.song_id')
          .leftJoin('users as u', 'u.id', 'h.requested_by')
          .select((eb) => [
            'h.id as id',
            'h.started_at as at',
            's.id as song_id',
            's.title as title',
            firstArtistName(eb),
            'u.username as username',
            sql<string | null>`null`.as('text'),
            's.reviewed',
            's.added_by',
          ])
          .orderBy('h.started_at', 'desc')
          .orderBy('h.id', 'desc');
      case 'requested':
        return db
          .selectFrom('queue_entries as q')
          .innerJoin('songs as s', 's.id', 'q.song_id')
          .innerJoin('users as u', 'u.id', 'q.requested_by')
          .select((eb) => [
            'q.id as id',
            'q.requested_at as at',
            's.id as song_id',
            's.title as title',
            firstArtistName(eb),
            'u.username as username',
            sql<string | null>`null`.as('text'),
            's.reviewed',
            's.added_by',
          ])
          .orderBy('q.requested_at', 'desc')
          .orderBy('q.id', 'desc');
      case 'comment':
        return db
          .selectFrom('comments as c')
          .innerJoin('songs as s', 's.id', 'c.song_id')
          .innerJoin('users as u', 'u.id', 'c.user_id')
          .select((eb) => [
            'c.id as id',
            'c.created_at as at',
            's.id as song_id',
            's.title as title',
            firstArtistName(eb),
            'u.username as username',
            'c.comment as text',
            's.reviewed',
            's.added_by',
          ])
          .orderBy('c.created_at', 'desc')
          .orderBy('c.id', 'desc');
      case 'new_song':
        return (
          db
            .selectFrom('songs as s')
            .select((eb) => [
              's.id as id',
              's.created_at as at',
              's.id as song_id',
              's.title as title',
              firstArtistName(eb),
              sql<string | null>`null`.as('username'),
              sql<string | null>`null`.as('text'),
              's.reviewed',
              's.added_by',
            ])
            // Songs waiting for review or taken out are not news.
            .where('s.status', '=', 'active')
            .orderBy('s.created_at', 'desc')
            .orderBy('s.id', 'desc')
        );
    }
  }
}

type WithSong = Database & { s: Database['songs'] };

interface FeedSelect {
  id: number;
  at: number;
  song_id: number;
  title: string;
  artist: string | null;
  username: string | null;
  text: string | null;
  reviewed: number;
  added_by: number | null;
}

const TIME_COLUMN = {
  played: 'h.started_at',
  requested: 'q.requested_at',
  comment: 'c.created_at',
  new_song: 's.created_at',
} as const;
const ID_COLUMN = { played: 'h.id', requested: 'q.id', comment: 'c.id', new_song: 's.id' } as const;

const timeColumn = (kind: FeedKind) => sql.ref<number>(TIME_COLUMN[kind]);
const idColumn = (kind: FeedKind) => sql.ref<number>(ID_COLUMN[kind]);
