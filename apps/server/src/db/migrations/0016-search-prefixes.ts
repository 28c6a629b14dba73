/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { wordPrefixes } from '../../lib/text.js';
import { engineOf } from '../dialect.js';

/** Documents rewritten per statement while the prefixes are filled in. */
const BATCH = 5000;

/**
 * PostgreSQL's search looks words up by their prefixes as whole terms. A search word is a
 * prefix ('neo' for "neon"); a GIN index answers a prefix query ('neo':*) by gathering the
 * rows of every term it starts into a bitmap first, which for a common word of a large
 * catalogue costs tens of milliseconds, two of them more. Each song's document now carries
 * every prefix of each of its words (`wordPrefixes`), so a word typed so far is one exact term
 * and two words are two posting lists intersected. The former `tsv` column and its index go.
 * SQLite's FTS5 index keeps prefix indexes of its own and is unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`alter table song_search add column prefixes tsvector not null default ''`.execute(db);
  let after = 0;
  for (;;) {
    const rows = await sql<{ song_id: number; document: string }>`
      select song_id, document from song_search where song_id > ${after}
      order by song_id limit ${BATCH}`.execute(db);
    if (rows.rows.length === 0) break;
    const ids = rows.rows.map((r) => r.song_id);
    const prefixes = rows.rows.map((r) => wordPrefixes(r.document).join(' '));
    await sql`
      update song_search s set prefixes = array_to_tsvector(string_to_array(v.p, ' '))
      from unnest(${ids}::int[], ${prefixes}::text[]) as v(id, p)
      where s.song_id = v.id`.execute(db);
    after = ids.at(-1)!;
  }
  await sql`drop index song_search_tsv`.execute(db);
  await sql`alter table song_search drop column tsv`.execute(db);
  await sql`create index song_search_prefixes on song_search using gin (prefixes)`.execute(db);
  // The planner's statistics of the new column: how common a term is decides between reading
  // the table in order until enough rows match and going through the index.
  await sql`analyze song_search`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') return;
  await sql`drop index song_search_prefixes`.execute(db);
  await sql`alter table song_search drop column prefixes`.execute(db);
  await sql`alter table song_search add column tsv tsvector
    generated always as (to_tsvector('simple', document)) stored`.execute(db);
  await sql`create index song_search_tsv on song_search using gin (tsv)`.execute(db);
}
