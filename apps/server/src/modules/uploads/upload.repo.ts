import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { songVisibleTo } from '../../db/song-visibility.js';

/** What an upload needs to know of the song it is for. */
export interface UploadTarget {
  id: number;
  status: string;
  last_played_at: number | null;
  /** Files associated with the song, pending ones included. */
  files: number;
}

/** A stored file and what the analysis measured, as it goes into the files table. */
export interface NewFile {
  filename: string;
  stored_path: string;
  size: number;
  content_hash: string;
  duration: number;
  format: string | null;
  song_id: number;
  uploaded_by: number;
  pending: number;
  created_at: number;
}

/** The reads and writes of an upload: the song, its files, the new file. */
export class UploadRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /**
   * The song and its file count, or undefined (also when the uploader may not see it: another
   * listener's song waiting for review). With `lock` (inside a transaction) the song row is
   * locked on PostgreSQL, so that two uploads for one song run one after the other; SQLite
   * writes one transaction at a time anyway.
   */
  async target(
    songId: number,
    viewer: SongViewer,
    db: Db = this.db,
    lock = false,
  ): Promise<UploadTarget | undefined> {
    if (lock && this.engine === 'postgres') {
      await db.selectFrom('songs').select('id').where('id', '=', songId).forUpdate().execute();
    }
    const row = await db
      .selectFrom('songs as s')
      .select((eb) => [
        's.id',
        's.status',
        's.last_played_at',
        eb
          .selectFrom('files as f')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('f.song_id', '=', 's.id')
          .as('files'),
      ])
      .where('s.id', '=', songId)
      .where(songVisibleTo(viewer))
      .executeTakeFirst();
    return row && { ...row, files: Number(row.files) };
  }

  /** The id of the stored file with this content, if any. */
  async fileIdByHash(hash: string, db: Db = this.db): Promise<number | undefined> {
    const row = await db
      .selectFrom('files')
      .select('id')
      .where('content_hash', '=', hash)
      .executeTakeFirst();
    return row?.id;
  }

  async insertFile(file: NewFile, db: Db = this.db): Promise<number> {
    const row = await db.insertInto('files').values(file).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** The song's measured length and loudness, as an import sets them, and its new status. */
  async updateSong(
    songId: number,
    change: {
      length: number;
      loudness_lufs: number;
      loudness_gain: number;
      status: string;
      cover_art: string | null;
    },
    db: Db = this.db,
  ): Promise<void> {
    await db.updateTable('songs').set(change).where('id', '=', songId).execute();
  }
}
