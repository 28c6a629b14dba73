import {
  LIMITS,
  type ArtistSongs,
  type Platform,
  type PlatformSongs,
  type SongDetail,
  type SongEntry,
  type TagCounts,
  type TagSongs,
} from '@queuecast/contract';
import { songScope } from '../../core/song-visibility.js';
import { badRequest, notFound } from '../../lib/http-error.js';
import { RELATED_LIMIT, type CatalogRepo } from './catalog.repo.js';
import type { SearchRepo } from './search.repo.js';
import type { SongPresenter, Viewer } from './song-presenter.js';

const MAX_TAGS_IN_FILTER = 10;
/** An intersection lists at most this many songs (the web client's multi-tag fetch asks for up to this many). */
const MAX_INTERSECTION = LIMITS.maxTagLimit;
/** The related-tags cloud of an intersection is counted over its first songs. */
const RELATED_SAMPLE = 2000;

const counts = (rows: { name: string; n: number }[]): TagCounts =>
  Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));

/** Tags found most often with a song's tags: their kept partner counts, summed. */
function relatedTags(own: { name: string; partners: [string, number][] }[], limit: number) {
  const ownNames = new Set(own.map((t) => t.name));
  const sums = new Map<string, number>();
  for (const tag of own) {
    for (const [name, n] of tag.partners) {
      if (!ownNames.has(name)) sums.set(name, (sums.get(name) ?? 0) + n);
    }
  }
  return [...sums]
    .map(([name, n]) => ({ name, n }))
    .sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/**
 * Tags found on these songs other than `filter`, by how many of the songs carry each, the most
 * common first (then by name): the related cloud of an intersection, counted from a page.
 */
function tagsBeside(songs: readonly SongEntry[], filter: readonly string[]) {
  const skip = new Set(filter);
  const sums = new Map<string, number>();
  for (const entry of songs) {
    for (const name of entry.tags ?? []) {
      if (!skip.has(name)) sums.set(name, (sums.get(name) ?? 0) + 1);
    }
  }
  return [...sums]
    .map(([name, n]) => ({ name, n }))
    .sort((a, b) => b.n - a.n || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, RELATED_LIMIT);
}

/** Browsing, searching and the song page; read-only. */
export class CatalogService {
  /**
   * Each artist letter's answer as sent, by `public:` or `all:` and the letter, with the
   * letter's stamp when it was built.
   */
  private readonly letters = new Map<string, { stamp: string; json: Promise<string> }>();

  constructor(
    private readonly catalog: CatalogRepo,
    private readonly search: SearchRepo,
    private readonly presenter: SongPresenter,
  ) {}

  async songDetail(id: number, viewer: Viewer | null): Promise<SongDetail> {
    const detail = await this.presenter.detail(id, viewer);
    if (!detail) throw notFound('Song not found.');
    const { song, facts } = detail;
    song.tags = facts.tags.map((t) => t.name);
    return {
      song,
      tags: song.tags,
      relatedTags: counts(relatedTags(facts.tags, LIMITS.relatedTagsShown)),
      votes: facts.votes,
      favorites: facts.favorites,
      history: facts.history,
      play_count: facts.play_count,
      requests: facts.requests,
      request_count: facts.request_count,
      comments: facts.comments,
    };
  }

  async artist(id: number, viewer: Viewer | null): Promise<ArtistSongs> {
    const artist = await this.catalog.artist(id, viewer);
    if (!artist) throw notFound('Artist not found.');
    const ids = await this.catalog.songIdsByArtist(id, viewer);
    return {
      id: artist.id,
      artist: artist.name,
      handle: artist.handle,
      countrycode: artist.country_code,
      songs: await this.presenter.entries(ids, viewer),
    };
  }

  /**
   * An artist letter's answer as the viewer sees it, serialised: built once and kept until the
   * letter's stamp moves (any artist of the letter added, removed or changed, its count of
   * approved songs included, by any process). A letter's list can hold thousands of artists, so
   * building it on every visit would cost the most of any catalogue page; checking the stamp is
   * one primary-key read. Two lists are kept per letter: everyone's and staff's (artists whose
   * songs all wait for review too). A listener sees everyone's, unless one of their own songs
   * waiting for review is by an artist of the letter that has no approved song: then their
   * list is built for them.
   */
  async artistsByLetterJson(letter: string, viewer: Viewer | null = null): Promise<string> {
    const scope = songScope(viewer);
    if (
      scope.kind === 'own' &&
      (await this.catalog.ownWaitingArtistInLetter(scope.userId, letter))
    ) {
      return this.catalog.artistsByLetterJson(letter, viewer);
    }
    const kind = scope.kind === 'all' ? 'all' : 'public';
    const key = `${kind}:${letter}`;
    const stamp = await this.catalog.letterStamp(letter);
    const kept = this.letters.get(key);
    if (kept?.stamp === stamp) return kept.json;
    const json = this.catalog.artistsByLetterJson(letter, kind === 'all' ? viewer : null);
    this.letters.set(key, { stamp, json });
    json.catch(() => {
      if (this.letters.get(key)?.json === json) this.letters.delete(key);
    });
    return json;
  }

  async platforms(): Promise<Platform[]> {
    const rows = await this.catalog.platforms();
    return rows.map((r) => ({ ...r, song_count: Number(r.song_count ?? 0) }));
  }

  async platformSongs(
    name: string,
    page: { offset: number; limit: number },
    viewer: Viewer | null,
  ): Promise<PlatformSongs> {
    const platform = await this.catalog.platformByName(name);
    if (!platform) throw notFound('Platform not found.');
    const { ids, total } = await this.catalog.songIdsByPlatform(
      platform.id,
      page.offset,
      page.limit,
      viewer,
    );
    return {
      platform: { ...platform, song_count: total },
      songs: await this.presenter.entries(ids, viewer),
      total_count: total,
      ...page,
    };
  }

  async tagCloud(): Promise<TagCounts> {
    return counts((await this.catalog.tagCounts()).map((t) => ({ name: t.name, n: t.song_count })));
  }

  /** Songs having every tag in the comma-separated list (intersection), with related tags. */
  async tagSongs(
    list: string,
    page: { offset: number; limit: number },
    viewer: Viewer | null,
  ): Promise<TagSongs> {
    const names = [
      ...new Set(
        list
          .split(',')
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    ];
    if (names.length === 0) throw badRequest('No tags selected');
    if (names.length > MAX_TAGS_IN_FILTER) {
      throw badRequest(`At most ${MAX_TAGS_IN_FILTER} tags can be combined.`);
    }
    // One tag shows its count as it is now; an intersection counts its own songs.
    const tags = await (names.length === 1
      ? this.catalog.tagsByName(names)
      : this.catalog.knownTags(names));
    const empty = { tags: names, songs: [], relatedTags: {}, total_count: 0, ...page };
    // A tag nobody uses makes the intersection empty; that is an answer, not an error.
    if (tags.length < names.length) return empty;
    if (tags.length === 1) {
      const [{ ids, total }, related] = await Promise.all([
        this.catalog.songIdsWithTag(tags[0]!, page.offset, page.limit),
        this.catalog.relatedToTag(tags[0]!.id),
      ]);
      return {
        tags: names,
        songs: await this.presenter.entries(ids, viewer, true),
        relatedTags: counts(related),
        total_count: total,
        ...page,
      };
    }
    // One walk gives the count, the page and the songs whose tags make the related cloud.
    const all = await this.catalog.allSongIdsWithTags(tags, MAX_INTERSECTION);
    const sample = all.slice(0, RELATED_SAMPLE);
    const ids = all.slice(page.offset, page.offset + page.limit);
    const pageHoldsSample = page.offset === 0 && ids.length >= sample.length;
    const [songs, related] = await Promise.all([
      this.presenter.entries(ids, viewer, true),
      // A page that holds the whole sample already has its tags (the common case: an
      // intersection smaller than a page); otherwise they are counted beside the page.
      pageHoldsSample
        ? null
        : this.catalog.relatedToSongs(
            sample,
            tags.map((t) => t.id),
          ),
    ]);
    return {
      tags: names,
      songs,
      relatedTags: counts(related ?? tagsBeside(songs.slice(0, sample.length), names)),
      total_count: all.length,
      ...page,
    };
  }

  async searchSongs(q: string, limit: number, viewer: Viewer | null) {
    const ids = await this.search.search(q, limit, viewer);
    return { songs: await this.presenter.entries(ids, viewer) };
  }
}
