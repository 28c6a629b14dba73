import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { approvedFiles } from '../../db/song-playable.js';

/** A file as the file tools list it, before its artists are joined. */
export interface FileRow {
  fileid: number;
  filename: string;
  songid: number | null;
  title: string | null;
  pending: number;
}

/** What a file move needs to know of a song. */
export interface SongFilesRow {
  id: number;
  title: string;
  status: string;
  reviewed: number;
  last_played_at: number | null;
  /** Files of the song that staff approved (or staff stored). */
  approved: number;
  /** Listeners' uploads for the song that wait for review. */
  pending: number;
}

/** `%`, `_` and `\` stand for themselves in a LIKE pattern once escaped. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Audio files and their links to songs: the file tools' reads and writes. */
export class FilesRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /**
   * Files whose name (or whose song's title) contains `term`, case-insensitively: names that
   * start with it first, then by name. A substring scan; the list is capped at `limit`.
   */
  search(term: string, limit: number): Promise<FileRow[]> {
    const needle = likeEscape(term.toLowerCase());
    const contains = `%${needle}%`;
    return this.fileRows(this.db)
      .where((eb) =>
        eb.or([
          sql<boolean>`lower(f.filename) like ${contains} escape '\\'`,
          sql<boolean>`lower(s.title) like ${contains} escape '\\'`,
        ]),
      )
      .orderBy(sql`case when lower(f.filename) like ${`${needle}%`} escape '\\' then 0 else 1 end`)
      .orderBy('f.filename')
      .orderBy('f.id')
      .limit(limit)
      .execute();
  }

  /** One file as the tools show it. */
  record(fileId: number, db: Db = this.db): Promise<FileRow | undefined> {
    return this.fileRows(db).where('f.id', '=', fileId).executeTakeFirst();
  }

  /** The file's link and facts, locked on PostgreSQL so that moves of it wait for each other. */
  file(fileId: number, db: Db = this.db) {
    let query = db
      .selectFrom('files')
      .select(['id', 'filename', 'song_id', 'duration', 'pending'])
      .where('id', '=', fileId);
    if (this.engine === 'postgres') query = query.forUpdate();
    return query.executeTakeFirst();
  }

  /**
   * The song's status and its files, counted; locked on PostgreSQL so that two moves onto or
   * off one song run one after the other. Lock songs in id order to keep clear of deadlocks.
   */
  async song(songId: number, db: Db = this.db): Promise<SongFilesRow | undefined> {
    if (this.engine === 'postgres') {
      await db.selectFrom('songs').select('id').where('id', '=', songId).forUpdate().execute();
    }
    const row = await db
      .selectFrom('songs as s')
      .select((eb) => [
        's.id',
        's.title',
        's.status',
        's.reviewed',
        's.last_played_at',
        approvedFiles(eb).select(eb.fn.countAll<number>().as('n')).as('approved'),
        eb
          .selectFrom('files as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.song_id', '=', 's.id')
          .where('f.pending', '!=', 0)
          .as('pending'),
      ])
      .where('s.id', '=', songId)
      .executeTakeFirst();
    return row && { ...row, approved: Number(row.approved), pending: Number(row.pending) };
  }

  async linkFile(fileId: number, songId: number | null, db: Db = this.db): Promise<void> {
    await db.updateTable('files').set({ song_id: songId }).where('id', '=', fileId).execute();
  }

  /** The song's new status, and its length when the file's duration is known. */
  async updateSong(
    songId: number,
    change: { status: string; length?: number | undefined },
    db: Db = this.db,
  ): Promise<void> {
    const set = change.length === undefined ? { status: change.status } : change;
    await db.updateTable('songs').set(set).where('id', '=', songId).execute();
  }

  /** Artist names of each song, in credit order. */
  async artistNames(songIds: readonly number[], db: Db = this.db): Promise<Map<number, string>> {
    const names = new Map<number, string>();
    if (songIds.length === 0) return names;
    const rows = await db
      .selectFrom('song_artists as sa')
      .innerJoin('artists as a', 'a.id', 'sa.artist_id')
      .select(['sa.song_id', 'a.name'])
      .where('sa.song_id', 'in', [...new Set(songIds)])
      .orderBy('sa.song_id')
      .orderBy('sa.position')
      .orderBy('a.id')
      .execute();
    for (const r of rows) {
      const before = names.get(r.song_id);
      names.set(r.song_id, before === undefined ? r.name : `${before}, ${r.name}`);
    }
    return names;
  }

  private fileRows(db: Db) {
    return db
      .selectFrom('files as f')
      .leftJoin('songs as s', 's.id', 'f.song_id')
      .select(['f.id as fileid', 'f.filename', 'f.song_id as songid', 's.title', 'f.pending']);
  }
}
