import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Engine } from '../../db/dialect.js';
import { foldText, searchTokens } from '../../lib/text.js';

/**
 * Ranking reads at most this many matches: a two-letter prefix can match a large share of a
 * million titles, and ranking them all costs tens of milliseconds for no visible gain.
 */
const CANDIDATES = 2000;

/**
 * Full-text search over a song's title and artist names. Queries are reduced to plain words
 * (see searchTokens), each matched as a prefix, all required; input is never SQL or query
 * syntax. Ranked by bm25 (SQLite FTS5) or ts_rank (PostgreSQL).
 */
export class SearchRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  async search(query: string, limit: number): Promise<number[]> {
    const tokens = searchTokens(query);
    if (tokens.length === 0) return [];
    if (this.engine === 'sqlite') {
      const match = tokens.map((t) => `"${t}"*`).join(' ');
      const { rows } = await sql<{ id: number }>`
        select id from (
          select rowid as id, bm25(song_search) as score from song_search
          where song_search match ${match} limit ${CANDIDATES}
        ) order by score, id limit ${limit}`.execute(this.db);
      return rows.map((r) => r.id);
    }
    const tsquery = tokens.map((t) => `'${t}':*`).join(' & ');
    const { rows } = await sql<{ id: number }>`
      select id from (
        select song_id as id, ts_rank(tsv, q) as score
        from song_search, to_tsquery('simple', ${tsquery}) q
        where tsv @@ q limit ${CANDIDATES}
      ) c order by score desc, id limit ${limit}`.execute(this.db);
    return rows.map((r) => r.id);
  }

  /** (Re)writes the search document of one song from its title and artists. */
  async index(songId: number, db: Db = this.db): Promise<void> {
    const song = await db
      .selectFrom('songs')
      .select('title')
      .where('id', '=', songId)
      .executeTakeFirst();
    const artists = await db
      .selectFrom('song_artists as sa')
      .innerJoin('artists as a', 'a.id', 'sa.artist_id')
      .select('a.name')
      .where('sa.song_id', '=', songId)
      .execute();
    const key = this.engine === 'sqlite' ? 'rowid' : 'song_id';
    await sql`delete from song_search where ${sql.ref(key)} = ${songId}`.execute(db);
    if (!song) return;
    const document = foldText([song.title, ...artists.map((a) => a.name)].join(' '));
    await sql`insert into song_search (${sql.ref(key)}, document) values (${songId}, ${document})`.execute(
      db,
    );
  }
}
