/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/** Parts the search table is split into by a hash of the song id. */
const PARTS = 16;

/**
 * PostgreSQL's search table is split into 16 parts by a hash of the song id, each with its own
 * GIN index. A GIN index answers a query only by gathering every matching row into a bitmap
 * first: two words found on 5% of a million songs each meant intersecting two lists of 55,000
 * rows before the first match was read, although a search reads at most a few hundred matches.
 * Read part after part, the search stops in the first part or two that hold enough matches, and
 * each part's lists are a sixteenth as long. A rare word still reads every part, which costs
 * what reading the one index did.
 *
 * `search_candidates` runs the search with a plan kept per connection: planning sixteen parts
 * anew for every search would cost more than reading them.
 * SQLite's FTS5 table reads its matches lazily already and is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`alter table song_search rename to song_search_whole`.execute(db);
  await sql`alter index song_search_prefixes rename to song_search_whole_prefixes`.execute(db);
  await sql`alter table song_search_whole rename constraint song_search_pkey
    to song_search_whole_pkey`.execute(db);
  await sql`create table song_search (
      song_id integer not null references songs (id) on delete cascade,
      document text not null,
      prefixes tsvector not null default '',
      primary key (song_id)
    ) partition by hash (song_id)`.execute(db);
  for (let part = 0; part < PARTS; part++) {
    await sql`create table ${sql.id(`song_search_${part}`)} partition of song_search
      for values with (modulus ${sql.lit(PARTS)}, remainder ${sql.lit(part)})`.execute(db);
  }
  await sql`insert into song_search (song_id, document, prefixes)
    select song_id, document, prefixes from song_search_whole`.execute(db);
  await sql`drop table song_search_whole`.execute(db);
  await sql`create index song_search_prefixes on song_search using gin (prefixes)`.execute(db);
  await sql`analyze song_search`.execute(db);
  await sql`create function search_candidates(terms tsquery, wanted integer)
    returns table (id integer, document text)
    language plpgsql stable
    set plan_cache_mode = force_generic_plan
    as $$
    begin
      return query select s.song_id, s.document from song_search s
        where s.prefixes @@ terms limit wanted;
    end
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`drop function search_candidates(tsquery, integer)`.execute(db);
  await sql`create table song_search_whole (
      song_id integer not null references songs (id) on delete cascade,
      document text not null,
      prefixes tsvector not null default '',
      constraint song_search_whole_pkey primary key (song_id)
    )`.execute(db);
  await sql`insert into song_search_whole select song_id, document, prefixes from song_search`.execute(
    db,
  );
  await sql`drop table song_search`.execute(db);
  await sql`alter table song_search_whole rename to song_search`.execute(db);
  await sql`alter table song_search rename constraint song_search_whole_pkey
    to song_search_pkey`.execute(db);
  await sql`create index song_search_prefixes on song_search using gin (prefixes)`.execute(db);
}
