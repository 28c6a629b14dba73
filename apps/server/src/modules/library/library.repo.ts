import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { artistHandle, artistLetter } from '../../lib/text.js';

/** Partners kept per tag; a song's related tags are summed from its tags' lists. */
export const TOP_PARTNERS_KEPT = 40;

/** Writes to the catalogue: artists, platforms, tags, songs, files. Takes a transaction. */
export class LibraryRepo {
  constructor(private readonly db: Db) {}

  async ensureArtist(db: Db, name: string, countryCode: string | null, at: number) {
    const handle = artistHandle(name);
    await db
      .insertInto('artists')
      .values({
        handle,
        name,
        letter: artistLetter(name),
        country_code: countryCode,
        created_at: at,
      })
      .onConflict((oc) => oc.column('handle').doNothing())
      .execute();
    const row = await db
      .selectFrom('artists')
      .select(['id', 'country_code'])
      .where('handle', '=', handle)
      .executeTakeFirstOrThrow();
    if (countryCode && !row.country_code) {
      await db
        .updateTable('artists')
        .set({ country_code: countryCode })
        .where('id', '=', row.id)
        .execute();
    }
    return row.id;
  }

  async ensurePlatform(db: Db, name: string, brief: string, at: number) {
    await db
      .insertInto('platforms')
      .values({ name, brief, created_at: at })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db
      .selectFrom('platforms')
      .select('id')
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async ensureTags(db: Db, names: readonly string[]): Promise<number[]> {
    if (names.length === 0) return [];
    await db
      .insertInto('tags')
      .values(names.map((name) => ({ name })))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const rows = await db.selectFrom('tags').select('id').where('name', 'in', names).execute();
    return rows.map((r) => r.id);
  }

  async insertSong(
    db: Db,
    song: {
      title: string;
      length: number;
      platform_id: number | null;
      status: string;
      loudness_lufs: number | null;
      loudness_gain: number | null;
      added_by: number | null;
      cover_art: string | null;
      created_at: number;
    },
  ): Promise<number> {
    const row = await db.insertInto('songs').values(song).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async linkArtists(db: Db, songId: number, artistIds: readonly number[]) {
    if (artistIds.length === 0) return;
    await db
      .insertInto('song_artists')
      .values(artistIds.map((artist_id, position) => ({ song_id: songId, artist_id, position })))
      .execute();
    await db
      .updateTable('artists')
      .set({ song_count: sql`song_count + 1` })
      .where('id', 'in', artistIds)
      .execute();
  }

  /** Links tags and keeps tag counts and tag co-occurrence counts in step. */
  async linkTags(db: Db, songId: number, tagIds: readonly number[]) {
    const ids = [...new Set(tagIds)];
    if (ids.length === 0) return;
    await db
      .insertInto('song_tags')
      .values(ids.map((tag_id) => ({ song_id: songId, tag_id })))
      .execute();
    await db
      .updateTable('tags')
      .set({ song_count: sql`song_count + 1` })
      .where('id', 'in', ids)
      .execute();
    const pairs = ids.flatMap((a) =>
      ids.filter((b) => b !== a).map((b) => ({ tag_id: a, other_id: b })),
    );
    if (pairs.length === 0) return;
    await db
      .insertInto('tag_pairs')
      .values(pairs.map((p) => ({ ...p, song_count: 1 })))
      .onConflict((oc) =>
        oc
          .columns(['tag_id', 'other_id'])
          .doUpdateSet({ song_count: sql`tag_pairs.song_count + 1` }),
      )
      .execute();
    for (const id of ids) await this.refreshTopPartners(db, id);
  }

  /** Rewrites the tag's kept list of strongest partners from the co-occurrence counts. */
  private async refreshTopPartners(db: Db, tagId: number) {
    const partners = await db
      .selectFrom('tag_pairs as tp')
      .innerJoin('tags as t', 't.id', 'tp.other_id')
      .select(['t.name', 'tp.song_count'])
      .where('tp.tag_id', '=', tagId)
      .where('tp.song_count', '>', 0)
      .orderBy('tp.song_count', 'desc')
      .orderBy('t.name')
      .limit(TOP_PARTNERS_KEPT)
      .execute();
    await db
      .updateTable('tags')
      .set({ top_partners: JSON.stringify(partners.map((p) => [p.name, Number(p.song_count)])) })
      .where('id', '=', tagId)
      .execute();
  }

  async insertFile(
    db: Db,
    file: {
      filename: string;
      stored_path: string;
      size: number;
      content_hash: string;
      duration: number | null;
      format: string | null;
      song_id: number | null;
      uploaded_by: number | null;
      created_at: number;
    },
  ): Promise<number> {
    const row = await db.insertInto('files').values(file).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async fileByHash(hash: string) {
    return this.db
      .selectFrom('files')
      .select(['id', 'song_id', 'stored_path'])
      .where('content_hash', '=', hash)
      .executeTakeFirst();
  }

  async songCount(): Promise<number> {
    const row = await this.db
      .selectFrom('songs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Songs that have a file of one of these names (the demo library's, say). */
  async songsWithFileNamed(names: readonly string[]): Promise<number> {
    if (names.length === 0) return 0;
    const row = await this.db
      .selectFrom('files')
      .select((eb) => eb.fn.count<number>('song_id').distinct().as('n'))
      .where('filename', 'in', names)
      .where('song_id', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async setArtistCountry(db: Db, artistId: number, code: string) {
    await db
      .updateTable('artists')
      .set({ country_code: code })
      .where('id', '=', artistId)
      .execute();
  }
}
