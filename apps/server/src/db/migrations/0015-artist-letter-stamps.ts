/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/** The artist columns an artist letter's list shows: a change to any of them changes the list. */
const LISTED = 'name, handle, letter, country_code, song_count';

/**
 * A stamp per artist letter, raised by the database itself on every insert, delete and change
 * of a listed column of an artist of that letter (both letters when it moves). Whoever keeps a
 * letter's list (a built answer in a process's memory) checks the stamp, one primary-key read,
 * and rebuilds only when it moved: every write path and every node is covered without telling
 * anyone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('artist_letter_stamps')
    .addColumn('letter', 'text', (c) => c.primaryKey())
    .addColumn('stamp', 'bigint', (c) => c.notNull())
    .execute();
  const bump = (row: 'new' | 'old') =>
    `insert into artist_letter_stamps (letter, stamp) values (${row}.letter, 1)
     on conflict (letter) do update set stamp = artist_letter_stamps.stamp + 1;`;
  if (engineOf(db) === 'sqlite') {
    await sql
      .raw(
        `create trigger artist_letter_stamp_insert after insert on artists begin ${bump('new')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger artist_letter_stamp_update after update of ${LISTED} on artists
         begin ${bump('old')} ${bump('new')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger artist_letter_stamp_delete after delete on artists begin ${bump('old')} end`,
      )
      .execute(db);
  } else {
    await sql
      .raw(
        `create function artist_letter_stamp() returns trigger language plpgsql as $$
         begin
           if tg_op <> 'INSERT' then ${bump('old')} end if;
           if tg_op <> 'DELETE' then ${bump('new')} end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger artist_letter_stamp after insert or delete or update of ${LISTED}
         on artists for each row execute function artist_letter_stamp()`,
      )
      .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    for (const t of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger artist_letter_stamp_${t}`).execute(db);
    }
  } else {
    await sql`drop trigger artist_letter_stamp on artists`.execute(db);
    await sql`drop function artist_letter_stamp()`.execute(db);
  }
  await db.schema.dropTable('artist_letter_stamps').execute();
}
