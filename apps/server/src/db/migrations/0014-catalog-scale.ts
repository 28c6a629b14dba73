/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/** Prefix lengths SQLite's search index keeps whole doclists for, before and after. */
const PREFIXES_BEFORE = '2 3 4';
const PREFIXES_AFTER = '2 3 4 5 6 7 8';

/**
 * Rebuilds SQLite's search table with other prefix indexes, keeping rowids and documents.
 * Every search word is a prefix: one of a length FTS5 has no index for is answered by merging
 * the doclists of every word it starts, which for a word such as "crystal" in a large catalogue
 * costs more than the rest of the search. The table keeps its name, so nothing else changes.
 */
async function rebuildSearch(db: Kysely<any>, prefixes: string): Promise<void> {
  await sql
    .raw(
      `create virtual table song_search_next using fts5(document, tokenize = 'unicode61 remove_diacritics 2', prefix = '${prefixes}')`,
    )
    .execute(db);
  await sql`insert into song_search_next (rowid, document) select rowid, document from song_search`.execute(
    db,
  );
  await sql`drop table song_search`.execute(db);
  await sql`alter table song_search_next rename to song_search`.execute(db);
}

/**
 * An artist letter lists every artist of the letter in name order. The index it reads now holds
 * every column the list shows, so the answer comes from the index alone instead of one table
 * lookup per artist (thousands for a common letter). SQLite's index carries the columns as
 * trailing keys (the id is the rowid); PostgreSQL's as included columns.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql`create index artists_letter_list on artists (letter, name, handle, country_code, song_count)`.execute(
      db,
    );
    await rebuildSearch(db, PREFIXES_AFTER);
  } else {
    await sql`create index artists_letter_list on artists (letter, name) include (id, handle, country_code, song_count)`.execute(
      db,
    );
  }
  await sql`drop index artists_letter_name`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('artists_letter_name')
    .on('artists')
    .columns(['letter', 'name'])
    .execute();
  await sql`drop index artists_letter_list`.execute(db);
  if (engineOf(db) === 'sqlite') await rebuildSearch(db, PREFIXES_BEFORE);
}
