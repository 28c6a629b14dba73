import { sql } from 'kysely';
import { QUEUED_OR_ON_AIR } from '../../core/song-rules.js';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { hasApprovedFile, requestableSongs } from '../../db/song-playable.js';
import { songVisibleTo } from '../../db/song-visibility.js';

export interface RequestableSong {
  id: number;
  title: string;
  status: string;
  last_played_at: number | null;
  has_file: number | boolean;
}

/** What a pick for a queue action is drawn from. */
export type QueueFilter =
  | { kind: 'artist'; artistId: number }
  | { kind: 'platform'; platformId: number }
  | { kind: 'favorites'; userId: number }
  | { kind: 'tags'; tagIds: number[] };

export type QueueOrder =
  { kind: 'random' } | { kind: 'least_recent' } | { kind: 'min_vote'; min: number };

/** The request rules' reads and the queue insert; every method takes the transaction. */
export class RequestsRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /**
   * PostgreSQL: takes the listener's row lock, so one listener's requests run one at a time
   * (SQLite transactions already run one at a time).
   */
  async lockUser(trx: Db, userId: number): Promise<void> {
    if (this.engine !== 'postgres') return;
    await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  /**
   * The song, when the listener may see it, locked on PostgreSQL so that requests for it wait
   * for one another.
   */
  song(trx: Db, songId: number, viewer: SongViewer): Promise<RequestableSong | undefined> {
    let query = trx
      .selectFrom('songs as s')
      .select([
        's.id',
        's.title',
        's.status',
        's.last_played_at',
        // Only an approved file plays; an upload waiting for review does not.
        (eb) => hasApprovedFile(eb).as('has_file'),
      ])
      .where('s.id', '=', songId)
      .where(songVisibleTo(viewer));
    if (this.engine === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /** The song's entry waiting or on air, if any. */
  activeEntry(trx: Db, songId: number) {
    return trx
      .selectFrom('queue_entries')
      .select(['id', 'state'])
      .where('song_id', '=', songId)
      .where('state', 'in', QUEUED_OR_ON_AIR)
      .executeTakeFirst();
  }

  async lastRequestAt(trx: Db, userId: number): Promise<number | null> {
    const row = await trx
      .selectFrom('queue_entries')
      .select('requested_at')
      .where('requested_by', '=', userId)
      .orderBy('requested_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.requested_at ?? null;
  }

  /** The listener's requests not yet on air. */
  async waitingCount(trx: Db, userId: number): Promise<number> {
    const row = await trx
      .selectFrom('queue_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('requested_by', '=', userId)
      .where('state', '=', 'queued')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(trx: Db, songId: number, userId: number, at: number): Promise<number> {
    const row = await trx
      .insertInto('queue_entries')
      .values({ song_id: songId, requested_by: userId, requested_at: at, state: 'queued' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * One requestable song matching the filter (playable, not waiting or on air, outside the
   * lock window), in the order asked for; `exclude` leaves out songs already tried.
   */
  async pick(
    filter: QueueFilter,
    order: QueueOrder,
    lockedSince: number,
    exclude: readonly number[],
  ): Promise<number | undefined> {
    let query = requestableSongs(this.db, lockedSince).select('s.id');
    if (exclude.length > 0) query = query.where('s.id', 'not in', exclude);
    switch (filter.kind) {
      case 'artist':
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('song_artists as sa')
              .select('sa.song_id')
              .whereRef('sa.song_id', '=', 's.id')
              .where('sa.artist_id', '=', filter.artistId),
          ),
        );
        break;
      case 'platform':
        query = query.where('s.platform_id', '=', filter.platformId);
        break;
      case 'favorites':
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('favorites as fv')
              .select('fv.song_id')
              .whereRef('fv.song_id', '=', 's.id')
              .where('fv.user_id', '=', filter.userId),
          ),
        );
        break;
      case 'tags':
        for (const tagId of filter.tagIds) {
          query = query.where((eb) =>
            eb.exists(
              eb
                .selectFrom('song_tags as st')
                .select('st.song_id')
                .whereRef('st.song_id', '=', 's.id')
                .where('st.tag_id', '=', tagId),
            ),
          );
        }
        break;
    }
    switch (order.kind) {
      case 'least_recent':
        query = query
          .orderBy(sql`s.last_played_at is not null`)
          .orderBy('s.last_played_at')
          .orderBy(sql`random()`);
        break;
      case 'min_vote':
        query = query
          .where('s.vote_count', '>', 0)
          .where(sql<boolean>`s.vote_total >= ${order.min} * s.vote_count`)
          .orderBy(sql`random()`);
        break;
      case 'random':
        query = query.orderBy(sql`random()`);
        break;
    }
    const row = await query.limit(1).executeTakeFirst();
    return row?.id;
  }

  async favoriteCount(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('favorites')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
