import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { firstArtistName } from '../../db/song-sql.js';

/** Songs waiting for staff review, and what approving or rejecting them writes. */
export class ReviewRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /**
   * Songs in review, longest waiting first: a new song waits from its creation, an upload
   * from its own. Each with its first artist, who added it, and its newest pending file.
   */
  waiting(limit: number) {
    return this.db
      .selectFrom('songs as s')
      .leftJoin('platforms as p', 'p.id', 's.platform_id')
      .leftJoin('users as adder', 'adder.id', 's.added_by')
      .leftJoin('files as f', (join) =>
        join.on((eb) =>
          eb(
            'f.id',
            '=',
            eb
              .selectFrom('files as pf')
              .select((e) => e.fn.max('pf.id').as('id'))
              .whereRef('pf.song_id', '=', 's.id')
              .where('pf.pending', '=', 1),
          ),
        ),
      )
      .leftJoin('users as uploader', 'uploader.id', 'f.uploaded_by')
      .select((eb) => [
        's.id',
        's.title',
        's.reviewed',
        's.created_at',
        'p.name as platform',
        'adder.username as added_by',
        firstArtistName(eb),
        'f.id as file_id',
        'f.filename',
        'f.duration',
        'f.created_at as file_created_at',
        'uploader.username as uploaded_by',
      ])
      .where('s.status', '=', 'review')
      .orderBy(
        sql`case when s.reviewed = 0 then s.created_at else coalesce(f.created_at, s.created_at) end`,
      )
      .orderBy('s.id')
      .limit(limit)
      .execute();
  }

  /** The song and every file associated with it, pending or not; PostgreSQL locks the song. */
  async song(songId: number, trx: Db) {
    let query = trx
      .selectFrom('songs')
      .select(['id', 'title', 'status', 'reviewed', 'added_by', 'last_played_at'])
      .where('id', '=', songId);
    // Two staff deciding at once: the second waits and then finds nothing left to review.
    if (this.engine === 'postgres') query = query.forUpdate();
    const song = await query.executeTakeFirst();
    if (!song) return undefined;
    const files = await trx
      .selectFrom('files')
      .select(['id', 'filename', 'stored_path', 'pending', 'uploaded_by'])
      .where('song_id', '=', songId)
      .orderBy('id')
      .execute();
    return { ...song, files };
  }

  /**
   * The song is approved and its pending files become its files. A song that waited itself
   * joins the public catalogue: its artists' counts of approved songs count it from now.
   */
  async approve(songId: number, status: string, newSong: boolean, trx: Db): Promise<void> {
    await trx
      .updateTable('files')
      .set({ pending: 0 })
      .where('song_id', '=', songId)
      .where('pending', '=', 1)
      .execute();
    await trx.updateTable('songs').set({ reviewed: 1, status }).where('id', '=', songId).execute();
    if (newSong) {
      await trx
        .updateTable('artists')
        .set({ song_count: sql`song_count + 1` })
        .where('id', 'in', (eb) =>
          eb.selectFrom('song_artists').select('artist_id').where('song_id', '=', songId),
        )
        .execute();
    }
  }

  async deletePendingFiles(songId: number, trx: Db): Promise<void> {
    await trx.deleteFrom('files').where('song_id', '=', songId).where('pending', '=', 1).execute();
  }

  async setStatus(songId: number, status: string, trx: Db): Promise<void> {
    await trx.updateTable('songs').set({ status }).where('id', '=', songId).execute();
  }

  /**
   * Deletes a song that was never approved. Its links, votes, favourites and comments go with
   * it (foreign keys); an approved file stays, with no song. Counts stay as they are: artists
   * count approved songs only, and songs added by hand carry no tags.
   */
  async deleteSong(songId: number, trx: Db): Promise<void> {
    await trx.deleteFrom('songs').where('id', '=', songId).execute();
  }

  /** Some file row still points at this stored file (a rare check: rejections only). */
  async storedPathInUse(storedPath: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('files')
      .select('id')
      .where('stored_path', '=', storedPath)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }
}
