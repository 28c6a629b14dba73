import type { Db } from '../../db/database.js';

const RELATED_LIMIT = 30;

/** Catalogue lookups that answer ids, names and counts; songs are presented elsewhere. */
export class CatalogRepo {
  constructor(private readonly db: Db) {}

  artist(id: number) {
    return this.db
      .selectFrom('artists')
      .select(['id', 'name', 'handle', 'country_code'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async songIdsByArtist(artistId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('song_artists as sa')
      .innerJoin('songs as s', 's.id', 'sa.song_id')
      .select('s.id')
      .where('sa.artist_id', '=', artistId)
      .orderBy('s.title')
      .orderBy('s.id')
      .execute();
    return rows.map((r) => r.id);
  }

  artistsByLetter(letter: string) {
    return this.db
      .selectFrom('artists as a')
      .leftJoin('song_artists as sa', 'sa.artist_id', 'a.id')
      .select(({ fn }) => [
        'a.id',
        'a.handle',
        'a.name',
        'a.country_code',
        fn.count<number>('sa.song_id').as('song_count'),
      ])
      .where('a.letter', '=', letter)
      .groupBy(['a.id', 'a.handle', 'a.name', 'a.country_code'])
      .orderBy('a.name')
      .execute();
  }

  platforms() {
    return this.db
      .selectFrom('platforms as p')
      .select((eb) => [
        'p.id',
        'p.name',
        'p.brief',
        eb
          .selectFrom('songs as s')
          .select(eb.fn.countAll<number>().as('n'))
          .whereRef('s.platform_id', '=', 'p.id')
          .as('song_count'),
      ])
      .orderBy('p.name')
      .execute();
  }

  platformByName(name: string) {
    return this.db
      .selectFrom('platforms')
      .select(['id', 'name', 'brief'])
      .where('name', '=', name)
      .executeTakeFirst();
  }

  async songIdsByPlatform(platformId: number, offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('songs')
        .select('id')
        .where('platform_id', '=', platformId)
        .orderBy('title')
        .orderBy('id')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom('songs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('platform_id', '=', platformId)
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(total.n) };
  }

  tagCounts() {
    return this.db
      .selectFrom('tags')
      .select(['name', 'song_count'])
      .where('song_count', '>', 0)
      .orderBy('name')
      .execute();
  }

  tagsByName(names: readonly string[]) {
    if (names.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('tags').select(['id', 'name']).where('name', 'in', names).execute();
  }

  /** Songs carrying every one of the tags, computed in the database. */
  private matching(tagIds: readonly number[]) {
    return this.db
      .selectFrom('song_tags')
      .select('song_id')
      .where('tag_id', 'in', tagIds)
      .groupBy('song_id')
      .having((eb) => eb.fn.countAll(), '=', tagIds.length);
  }

  async songIdsWithAllTags(tagIds: readonly number[], offset: number, limit: number) {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('songs as s')
        .select('s.id')
        .where('s.id', 'in', this.matching(tagIds))
        .orderBy('s.title')
        .orderBy('s.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      this.db
        .selectFrom(this.matching(tagIds).as('m'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(total.n) };
  }

  /**
   * Other tags on the songs that carry all of `tagIds`, by how many such songs carry them.
   * One tag reads the kept co-occurrence counts; an intersection counts over its songs.
   */
  async relatedToTags(tagIds: readonly number[]): Promise<{ name: string; n: number }[]> {
    if (tagIds.length === 1) {
      return this.db
        .selectFrom('tag_pairs as tp')
        .innerJoin('tags as t', 't.id', 'tp.other_id')
        .select(['t.name', 'tp.song_count as n'])
        .where('tp.tag_id', '=', tagIds[0]!)
        .where('tp.song_count', '>', 0)
        .orderBy('tp.song_count', 'desc')
        .orderBy('t.name')
        .limit(RELATED_LIMIT)
        .execute();
    }
    const rows = await this.db
      .selectFrom('song_tags as st')
      .innerJoin('tags as t', 't.id', 'st.tag_id')
      .select(({ fn }) => ['t.name', fn.countAll<number>().as('n')])
      .where('st.song_id', 'in', this.matching(tagIds))
      .where('st.tag_id', 'not in', tagIds)
      .groupBy('t.name')
      .orderBy('n', 'desc')
      .orderBy('t.name')
      .limit(RELATED_LIMIT)
      .execute();
    return rows.map((r) => ({ name: r.name, n: Number(r.n) }));
  }

  /** Tags found most often with this song's tags (summed co-occurrence counts). */
  async relatedToSong(songId: number, limit: number): Promise<{ name: string; n: number }[]> {
    const own = this.db.selectFrom('song_tags').select('tag_id').where('song_id', '=', songId);
    const rows = await this.db
      .selectFrom('tag_pairs as tp')
      .innerJoin('tags as t', 't.id', 'tp.other_id')
      .select(({ fn }) => ['t.name', fn.sum<number>('tp.song_count').as('n')])
      .where('tp.tag_id', 'in', own)
      .where('tp.other_id', 'not in', own)
      .groupBy('t.name')
      .orderBy('n', 'desc')
      .orderBy('t.name')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ name: r.name, n: Number(r.n) }));
  }

  votesFor(songId: number) {
    return this.db
      .selectFrom('votes as v')
      .innerJoin('users as u', 'u.id', 'v.user_id')
      .select(['u.username', 'v.vote'])
      .where('v.song_id', '=', songId)
      .orderBy('v.created_at', 'desc')
      .execute();
  }

  favoritesFor(songId: number) {
    return this.db
      .selectFrom('favorites as f')
      .innerJoin('users as u', 'u.id', 'f.user_id')
      .select('u.username')
      .where('f.song_id', '=', songId)
      .orderBy('u.username')
      .execute();
  }

  historyFor(songId: number, limit = 50) {
    return this.db
      .selectFrom('play_history as h')
      .leftJoin('users as u', 'u.id', 'h.requested_by')
      .select(['h.started_at as played_at', 'u.username as requested_by_username'])
      .where('h.song_id', '=', songId)
      .orderBy('h.started_at', 'desc')
      .limit(limit)
      .execute();
  }

  async requestCount(songId: number): Promise<number> {
    const row = await this.db
      .selectFrom('queue_entries')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('song_id', '=', songId)
      .where('requested_by', 'is not', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
