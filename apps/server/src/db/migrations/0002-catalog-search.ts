/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/**
 * Full-text search over titles and artist names, and tag co-occurrence counts.
 * The search document is normalised in the application (lower case, accents removed), so both
 * engines match 'amiga' and 'Amigà' alike: SQLite with FTS5 (prefix indexes), PostgreSQL with
 * a 'simple' tsvector and a GIN index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql`create virtual table song_search using fts5(document, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4')`.execute(
      db,
    );
  } else {
    await sql`create table song_search (
      song_id integer primary key references songs(id) on delete cascade,
      document text not null,
      tsv tsvector generated always as (to_tsvector('simple', document)) stored
    )`.execute(db);
    await sql`create index song_search_tsv on song_search using gin (tsv)`.execute(db);
  }

  // How many songs carry both tags; kept up to date when songs gain or lose tags.
  await db.schema
    .createTable('tag_pairs')
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('other_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('song_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('tag_pairs_pk', ['tag_id', 'other_id'])
    .execute();
  await db.schema.createIndex('songs_created').on('songs').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('songs_created').execute();
  await db.schema.dropTable('tag_pairs').execute();
  await db.schema.dropTable('song_search').execute();
}
