import { sql } from 'kysely';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { artistVisibleTo } from '../../db/song-visibility.js';

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (escape '\'). */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Adding a song by hand: the lookups the form offers (artists, platforms) and the insert of the
 * song with its artist link, keeping the artist's count of approved songs as imports do.
 */
export class SongEntryRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /** The artist, when the viewer may see it. */
  artist(id: number, viewer: SongViewer, db: Db = this.db) {
    return db
      .selectFrom('artists as a')
      .select(['a.id', 'a.name'])
      .where('a.id', '=', id)
      .where(artistVisibleTo(viewer))
      .executeTakeFirst();
  }

  /** The platform of that name, ignoring case (the exact spelling first). */
  platformByName(name: string, db: Db = this.db) {
    return db
      .selectFrom('platforms')
      .select(['id', 'name'])
      .where(sql<string>`lower(name)`, '=', name.toLowerCase())
      .orderBy(sql`name = ${name}`, 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async platformNames(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('platforms')
      .select('name')
      .orderBy(sql`lower(name)`)
      .orderBy('name')
      .execute();
    return rows.map((r) => r.name);
  }

  /**
   * PostgreSQL: takes the caller's row lock, so that one listener's additions are counted and
   * made one at a time (SQLite transactions already run one at a time).
   */
  async lockUser(userId: number, db: Db): Promise<void> {
    if (this.engine !== 'postgres') return;
    await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
  }

  /** Songs this user added that staff have not approved yet (a rejected one is deleted). */
  async waitingForReview(userId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('added_by', '=', userId)
      .where('reviewed', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The artist's songs on the platform (a handful), to find one with the same title. */
  songsOf(artistId: number, platformId: number, db: Db = this.db) {
    return db
      .selectFrom('song_artists as sa')
      .innerJoin('songs as s', 's.id', 'sa.song_id')
      .select(['s.id', 's.title'])
      .where('sa.artist_id', '=', artistId)
      .where('s.platform_id', '=', platformId)
      .execute();
  }

  async insertSong(
    song: {
      title: string;
      platform_id: number;
      status: string;
      reviewed: number;
      added_by: number;
      created_at: number;
    },
    artistId: number,
    db: Db = this.db,
  ): Promise<number> {
    const row = await db.insertInto('songs').values(song).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('song_artists')
      .values({ song_id: row.id, artist_id: artistId, position: 0 })
      .execute();
    // A song waiting for review is counted when staff approve it (ReviewRepo.approve).
    if (song.reviewed === 1) {
      await db
        .updateTable('artists')
        .set({ song_count: sql`song_count + 1` })
        .where('id', '=', artistId)
        .execute();
    }
    return row.id;
  }

  /**
   * Artists the viewer may see whose name starts with `q` (case-insensitively), in name order,
   * then those that contain it elsewhere. The first part is one range of an index on
   * lower(name) in byte order (SQLite's text order; on PostgreSQL the "C" collation, migration
   * 0011); the second scans names until it has `limit` matches.
   */
  async search(q: string, limit: number, viewer: SongViewer | null) {
    // As the database lowers: SQLite's lower() folds ASCII letters only.
    const needle =
      this.engine === 'sqlite' ? q.replace(/[A-Z]+/g, (c) => c.toLowerCase()) : q.toLowerCase();
    const key =
      this.engine === 'sqlite' ? sql<string>`lower(name)` : sql<string>`lower(name) collate "C"`;
    const first = await this.db
      .selectFrom('artists as a')
      .select(['a.id', 'a.name'])
      .where(artistVisibleTo(viewer))
      .where(key, '>=', needle)
      // Every string that starts with the needle sorts below the needle + the last code point.
      .where(key, '<', `${needle}\u{10FFFF}`)
      .orderBy(key)
      .orderBy('a.id')
      .limit(limit)
      .execute();
    if (first.length >= limit) return first;
    const pattern = likeLiteral(needle);
    const rest = await this.db
      .selectFrom('artists as a')
      .select(['a.id', 'a.name'])
      .where(artistVisibleTo(viewer))
      .where(sql<boolean>`lower(name) like ${`%${pattern}%`} escape '\\'`)
      .where(sql<boolean>`lower(name) not like ${`${pattern}%`} escape '\\'`)
      .orderBy(key)
      .orderBy('a.id')
      .limit(limit - first.length)
      .execute();
    return [...first, ...rest];
  }
}
