import { sql } from 'kysely';
import { rankSearchMatches, type SearchCandidate } from '../../core/search-rank.js';
import { songScope, type SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { idIn, type Engine } from '../../db/dialect.js';
import { songVisibleTo } from '../../db/song-visibility.js';
import { foldText, SEARCH_PREFIX_MAX, searchTokens, wordPrefixes } from '../../lib/text.js';

/**
 * Matches read, at most, before ranking: the index hands them over in its own order and stops
 * there, so a word that starts a large share of a million titles costs no more than a rare one.
 * A search that matches more than this shows the best of the first ones; typing one more word
 * narrows it.
 */
const CANDIDATES = 300;

/**
 * Full-text search over a song's title and artist names. Queries are reduced to plain words
 * (see searchTokens), each matched as the start of a word, all required; input is never SQL
 * or query syntax. SQLite looks the words up in FTS5 with its prefix indexes, PostgreSQL as
 * exact terms among every word's prefixes (a GIN index over `prefixes` in each of the table's
 * parts). Both rank the matches
 * the same way (core/search-rank.ts).
 */
export class SearchRepo {
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
  ) {}

  /** The best matches the viewer may see, best first. */
  async search(query: string, limit: number, viewer: SongViewer | null = null): Promise<number[]> {
    const tokens = searchTokens(query).map((t) => [...t].slice(0, SEARCH_PREFIX_MAX).join(''));
    if (tokens.length === 0) return [];
    const candidates = await this.visible(await this.candidates(tokens), viewer);
    return rankSearchMatches(tokens, candidates, limit);
  }

  /**
   * The candidates the viewer may see. The search index holds every song, those waiting for
   * review too (their adder and staff find them), so the candidates' rows are checked in one
   * read by primary key, at most CANDIDATES of them; staff see every song and skip it.
   */
  private async visible(candidates: SearchCandidate[], viewer: SongViewer | null) {
    if (candidates.length === 0 || songScope(viewer).kind === 'all') return candidates;
    const rows = await this.db
      .selectFrom('songs as s')
      .select('s.id')
      .where(
        idIn(
          this.engine,
          's.id',
          candidates.map((c) => c.id),
        ),
      )
      .where(songVisibleTo(viewer))
      .execute();
    const seen = new Set(rows.map((r) => r.id));
    return candidates.filter((c) => seen.has(c.id));
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
    if (this.engine === 'sqlite') {
      await sql`insert into song_search (rowid, document) values (${songId}, ${document})`.execute(
        db,
      );
      return;
    }
    await sql`insert into song_search (song_id, document, prefixes)
      values (${songId}, ${document}, array_to_tsvector(${wordPrefixes(document)}::text[]))`.execute(
      db,
    );
  }

  private async candidates(tokens: readonly string[]): Promise<SearchCandidate[]> {
    // Tokens are letters and digits only: nothing in them is query syntax on either engine.
    if (this.engine === 'sqlite') {
      const match = tokens.map((t) => `"${t}"*`).join(' ');
      const { rows } = await sql<SearchCandidate>`
        select rowid as id, document from song_search
        where song_search match ${match} limit ${CANDIDATES}`.execute(this.db);
      return rows;
    }
    const terms = tokens.map((t) => `'${t}'`).join(' & ');
    // The table's parts are read one after another until enough match (migration 0017).
    const { rows } = await sql<SearchCandidate>`
      select id, document from search_candidates(${terms}::tsquery, ${CANDIDATES})`.execute(
      this.db,
    );
    return rows;
  }
}
