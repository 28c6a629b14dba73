import type { Db } from '../../db/database.js';
import { engineOf, idIn, type Engine } from '../../db/dialect.js';

/** Tags a related cloud lists. */
export const RELATED_LIMIT = 30;

/** A tag as the catalogue's pages and queue actions need it. */
export interface TagRef {
  id: number;
  name: string;
  song_count: number;
}

/** Catalogue lookups that answer ids, names and counts; songs are presented elsewhere. */
export class CatalogRepo {
  private readonly engine: Engine;
  /** Tags by name as last read (see `knownTags`). */
  private readonly tags = new Map<string, TagRef>();

  constructor(private readonly db: Db) {
    this.engine = engineOf(db);
  }

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

  /** Moves whenever the letter's list would change (raised by the database's triggers). */
  async letterStamp(letter: string): Promise<string> {
    const row = await this.db
      .selectFrom('artist_letter_stamps')
      .select('stamp')
      .where('letter', '=', letter)
      .executeTakeFirst();
    return String(row?.stamp ?? 0);
  }

  artistsByLetter(letter: string) {
    return this.db
      .selectFrom('artists')
      .select(['id', 'handle', 'name', 'country_code', 'song_count'])
      .where('letter', '=', letter)
      .orderBy('name')
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

  /** The named tags that exist, with their song counts as they are now. */
  async tagsByName(names: readonly string[]): Promise<TagRef[]> {
    if (names.length === 0) return [];
    const rows = await this.db
      .selectFrom('tags')
      .select(['id', 'name', 'song_count'])
      .where('name', 'in', names)
      .execute();
    for (const row of rows) this.tags.set(row.name, row);
    return rows;
  }

  /**
   * The named tags that exist, from those already read when every name is among them: a tag
   * keeps its name and id for good, so only their song counts may be a little old (enough to
   * order an intersection's walks; a page that shows a count asks `tagsByName`).
   */
  async knownTags(names: readonly string[]): Promise<TagRef[]> {
    const kept = names.map((name) => this.tags.get(name));
    if (kept.every((tag) => tag !== undefined)) return kept;
    return this.tagsByName(names);
  }

  /**
   * Songs carrying every one of the tags, in song order, as one walk over each tag's songs in
   * the (tag_id, song_id) index, stopping once the page is full. PostgreSQL merge-joins the
   * walks. SQLite joins by nested loops only (one primary-key probe per song of the rarest
   * tag), but merges the sorted walks of an INTERSECT ordered by song id without sorting.
   */
  private matching(tags: readonly { id: number; song_count: number }[], cap: number) {
    const [first, ...rest] = [...tags].sort((a, b) => a.song_count - b.song_count);
    if (this.engine === 'sqlite') {
      const walk = (tagId: number) =>
        this.db.selectFrom('song_tags').select('song_id').where('tag_id', '=', tagId);
      return rest
        .reduce((query, tag) => query.intersect(walk(tag.id)), walk(first!.id))
        .orderBy('song_id')
        .limit(cap);
    }
    let query = this.db.selectFrom('song_tags as t0').where('t0.tag_id', '=', first!.id);
    rest.forEach((tag, i) => {
      const alias = `t${i + 1}` as 't1';
      query = query.innerJoin(`song_tags as ${alias}`, (join) =>
        join.onRef(`${alias}.song_id`, '=', 't0.song_id').on(`${alias}.tag_id`, '=', tag.id),
      );
    });
    return query.select('t0.song_id').orderBy('t0.song_id').limit(cap);
  }

  /** One tag: a page straight from the (tag_id, song_id) index; the count is kept on the tag. */
  async songIdsWithTag(tag: { id: number; song_count: number }, offset: number, limit: number) {
    const rows = await this.db
      .selectFrom('song_tags')
      .select('song_id')
      .where('tag_id', '=', tag.id)
      .orderBy('song_id')
      .offset(offset)
      .limit(limit)
      .execute();
    return { ids: rows.map((r) => r.song_id), total: tag.song_count };
  }

  /** Several tags: every matching song id in song order (at most `cap`), in one walk. */
  async allSongIdsWithTags(tags: readonly { id: number; song_count: number }[], cap: number) {
    const rows = await this.matching(tags, cap).execute();
    return rows.map((r) => r.song_id);
  }

  /** The strongest partners of one tag: the head of the list kept on the tag. */
  async relatedToTag(tagId: number): Promise<{ name: string; n: number }[]> {
    const row = await this.db
      .selectFrom('tags')
      .select('top_partners')
      .where('id', '=', tagId)
      .executeTakeFirst();
    const partners = row ? (JSON.parse(row.top_partners) as [string, number][]) : [];
    return partners.slice(0, RELATED_LIMIT).map(([name, n]) => ({ name, n }));
  }

  /**
   * Other tags on these songs, by how many of them carry each. Counted by tag id from the
   * song_tags primary key alone; only the counted tags' names are then read (tag names are
   * unique, so this is the count by name).
   */
  async relatedToSongs(songIds: readonly number[], exclude: readonly number[]) {
    if (songIds.length === 0) return [];
    const counted = this.db
      .selectFrom('song_tags')
      .select(({ fn }) => ['tag_id', fn.countAll<number>().as('n')])
      .where(idIn(this.engine, 'song_id', songIds))
      .where('tag_id', 'not in', exclude)
      .groupBy('tag_id')
      .as('c');
    const rows = await this.db
      .selectFrom(counted)
      .innerJoin('tags as t', 't.id', 'c.tag_id')
      .select(['t.name', 'c.n'])
      .orderBy('c.n', 'desc')
      .orderBy('t.name')
      .limit(RELATED_LIMIT)
      .execute();
    return rows.map((r) => ({ name: r.name, n: Number(r.n) }));
  }
}
