/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';

/**
 * Each tag keeps its strongest partners (JSON `[[name, count], ...]`, count order), refreshed
 * when a song with that tag is linked, so a song page reads its related tags together with
 * its own tags in one query.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('tags')
    .addColumn('top_partners', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  const tags = await sql<{ id: number }>`select id from tags`.execute(db);
  for (const { id } of tags.rows) {
    const partners = await sql<{ name: string; song_count: number }>`
      select t.name, tp.song_count from tag_pairs tp join tags t on t.id = tp.other_id
      where tp.tag_id = ${id} and tp.song_count > 0
      order by tp.song_count desc, t.name limit 40`.execute(db);
    const json = JSON.stringify(partners.rows.map((p) => [p.name, Number(p.song_count)]));
    await sql`update tags set top_partners = ${json} where id = ${id}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tags').dropColumn('top_partners').execute();
}
