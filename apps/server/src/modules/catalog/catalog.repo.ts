import { sql } from 'kysely';
import type { SongViewer } from '../../core/song-visibility.js';
import type { Db } from '../../db/database.js';
import { engineOf, idIn, type Engine } from '../../db/dialect.js';
import { artistVisibleTo, ownWaitingArtistIds, songVisibleTo } from '../../db/song-visibility.js';

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

  /** The artist, when the viewer may see it (see `db/song-visibility.ts`). */
  artist(id: number, viewer: SongViewer | null = null) {
    return this.db
      .selectFrom('artists as a')
      .select(['a.id', 'a.name', 'a.handle', 'a.country_code'])
      .where('a.id', '=', id)
      .where(artistVisibleTo(viewer))
      .executeTakeFirst();
  }

  /** The artist's songs the viewer may see, in title order. */
  async songIdsByArtist(artistId: number, viewer: SongViewer | null = null): Promise<number[]> {
    const rows = await this.db
      .selectFrom('song_artists as sa')
      .innerJoin('songs as s', 's.id', 'sa.song_id')
      .select('s.id')
      .where('sa.artist_id', '=', artistId)
      .where(songVisibleTo(viewer))
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

  /**
   * The letter's artists the viewer may see, in name order, as the answer's JSON text: an
   * object keyed by handle. The database reads them from the covering index and writes the
   * text itself, so a letter of thousands of artists makes no row objects in the process.
   */
  async artistsByLetterJson(letter: string, viewer: SongViewer | null = null): Promise<string> {
    const listed = this.db
      .selectFrom('artists as a')
      .select(['a.id', 'a.handle', 'a.name', 'a.country_code', 'a.song_count'])
      .where('a.letter', '=', letter)
      .where(artistVisibleTo(viewer));
    // SQLite aggregates an ordered subquery in its order (it is never flattened into an
    // aggregate) and writes compact JSON. PostgreSQL's json functions put spaces around every
    // colon and comma, so its text is joined from escaped parts, in the order asked of the
    // aggregate itself.
    const json =
      this.engine === 'sqlite'
        ? sql<string | null>`json_group_object(l.handle, json_object('id', l.id, 'name', l.name,
            'countrycode', l.country_code, 'song_count', l.song_count))`
        : sql<string | null>`'{' || string_agg(to_json(l.handle)::text || ':{"id":' || l.id
            || ',"name":' || to_json(l.name)::text
            || ',"countrycode":' || coalesce(to_json(l.country_code)::text, 'null')
            || ',"song_count":' || l.song_count || '}', ',' order by l.name, l.id) || '}'`;
    const row = await this.db
      .selectFrom(listed.orderBy('a.name').orderBy('a.id').as('l'))
      .select(json.as('json'))
      .executeTakeFirst();
    return row?.json ?? '{}';
  }

  /**
   * Whether the user has a song waiting for review by an artist of this letter that has no
   * approved song: the one case where their letter differs from everyone's. Driven from their
   * own waiting songs (the `songs_added_by` index), a handful of rows.
   */
  async ownWaitingArtistInLetter(userId: number, letter: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('artists as a')
      .select('a.id')
      .where((eb) => eb('a.id', 'in', ownWaitingArtistIds(eb, userId)))
      .where('a.letter', '=', letter)
      .where('a.song_count', '=', 0)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every platform with its count of approved songs (the same for everyone). */
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
          .where(songVisibleTo(null))
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

  /**
   * A page of the platform's songs the viewer may see, in title order, and how many there are:
   * both from the `songs_platform_list` index alone (migration 0019).
   */
  async songIdsByPlatform(
    platformId: number,
    offset: number,
    limit: number,
    viewer: SongViewer | null = null,
  ) {
    const songs = () =>
      this.db
        .selectFrom('songs as s')
        .where('s.platform_id', '=', platformId)
        .where(songVisibleTo(viewer));
    const [rows, total] = await Promise.all([
      songs()
        .select('s.id')
        .orderBy('s.title')
        .orderBy('s.id')
        .offset(offset)
        .limit(limit)
        .execute(),
      songs()
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { ids: rows.map((r) => r.id), total: Number(total.n) };
  }

  /**
   * Tags with their kept song counts. Tag lists read `song_tags` without the visibility filter:
   * only imports tag songs, and an imported song is approved, so a song waiting for review
   * carries no tag and every count and list here holds approved songs only. (The presenter
   * still leaves out any song the viewer may not see.)
   */
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
