import { API, type DetailSong, type Song, type SongEntry } from '@queuecast/contract';
import type { Clock } from '../../core/clock.js';
import { averageVote } from '../../core/scores.js';
import {
  effectiveLength,
  expectedEnds,
  requestState,
  type RequestRules,
  type SongFacts,
} from '../../core/song-rules.js';
import { canSeeSong, type SongViewer } from '../../core/song-visibility.js';
import type { QueueSlots } from './queue-slots.js';
import type { SongPageFacts, SongRepo, SongRow } from './song.repo.js';

/** Who a song is presented to: their vote and favourite, and what they may see. */
export type Viewer = SongViewer;

export interface PresentOptions {
  withTags?: boolean;
  /** Read the queue now rather than take the kept one (the live update after a change). */
  freshQueue?: boolean;
}

/**
 * Turns song ids into the Song shape of the API: batch reads, explicit field mapping, never a
 * raw row. Whether a song can be requested, and from when, is the domain core's answer
 * (`requestState`), from the song's row and the queue as it stands. The lists choose their ids
 * with the visibility filter (`db/song-visibility.ts`); a song the viewer may not see that
 * reached one anyway is left out here, by the same rule.
 */
export class SongPresenter {
  constructor(
    private readonly songs: SongRepo,
    private readonly queue: QueueSlots,
    private readonly rules: () => RequestRules,
    private readonly clock: Clock,
  ) {}

  async present(
    ids: readonly number[],
    viewer: Viewer | null,
    options: PresentOptions = {},
  ): Promise<Song[]> {
    if (ids.length === 0) return [];
    const presented = await this.presentRows(ids, this.songs.rows(ids), viewer, options);
    return presented.map((p) => p.song);
  }

  /** Presents the songs of `rows` (read for `ids`, in `ids` order), each beside its row. */
  private async presentRows<R extends SongRow>(
    ids: readonly number[],
    rowsRead: Promise<R[]>,
    viewer: Viewer | null,
    options: PresentOptions,
    artistsRead: ReturnType<SongRepo['artists']> = this.songs.artists(ids),
  ): Promise<{ song: Song; row: R }[]> {
    const [rows, artists, tags, votes, favorites, slots] = await Promise.all([
      rowsRead,
      artistsRead,
      options.withTags ? this.songs.tags(ids) : Promise.resolve(new Map<number, string[]>()),
      viewer ? this.songs.userVotes(viewer.id, ids) : Promise.resolve([]),
      viewer ? this.songs.userFavorites(viewer.id, ids) : Promise.resolve([]),
      this.queue.current(options.freshQueue),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const artistMap = groupBy(artists, (a) => a.song_id);
    const voteMap = new Map(votes.map((v) => [v.song_id, v.vote]));
    const favSet = new Set(favorites.map((f) => f.song_id));
    const now = this.clock.now();
    const rules = this.rules();
    const states = new Map(slots.map((q) => [q.song_id, q.state as SongFacts['queue_state']]));
    const ends = expectedEnds(
      slots.map((q) => ({
        song_id: q.song_id,
        state: q.state as 'queued' | 'playing',
        started_at: q.started_at,
        length: effectiveLength(q),
      })),
      now,
    );

    const result: { song: Song; row: R }[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row || !canSeeSong({ reviewed: row.reviewed !== 0, added_by: row.added_by }, viewer))
        continue;
      const facts: SongFacts = {
        status: row.status,
        has_file: Boolean(row.has_file),
        last_played_at: row.last_played_at,
        queue_state: states.get(id) ?? null,
      };
      const song = toSong(
        row,
        artistMap.get(id) ?? [],
        requestState(facts, now, rules, ends.get(id) ?? null),
      );
      if (options.withTags) song.tags = tags.get(id) ?? [];
      if (viewer) {
        song.user_vote = voteMap.get(id) ?? null;
        song.is_favorited = favSet.has(id);
      }
      result.push({ song, row });
    }
    return result;
  }

  async presentOne(id: number, viewer: Viewer | null, options?: PresentOptions) {
    return (await this.present([id], viewer, options))[0];
  }

  /**
   * The song page: the song as lists show it, with how it plays on air (length cap, skip and
   * fade-out, in seconds) and its file's name, and the page's lists (`facts`); its row, its
   * artists in credit order and the lists come in one read. Undefined when there is no such
   * song.
   */
  async detail(
    id: number,
    viewer: Viewer | null,
  ): Promise<{ song: DetailSong; facts: SongPageFacts } | undefined> {
    const page = this.songs.page(id, viewer);
    const [presented] = await this.presentRows(
      [id],
      page.then((p) => (p ? [p.row] : [])),
      viewer,
      {},
      page.then((p) => (p?.facts.credits ?? []).map((a) => ({ song_id: id, ...a }))),
    );
    const read = await page;
    if (!presented || !read) return undefined;
    const { song, row } = presented;
    return {
      song: {
        ...song,
        h_length: row.h_length,
        h_skip: row.h_skip,
        h_fadeout: row.h_fadeout,
        filename: row.filename,
      },
      facts: read.facts,
    };
  }

  async entries(ids: readonly number[], viewer: Viewer | null, withTags = false) {
    const songs = await this.present(ids, viewer, { withTags });
    return songs.map((song): SongEntry => (withTags ? { song, tags: song.tags ?? [] } : { song }));
  }
}

function groupBy<T>(items: T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

export function toSong(
  row: SongRow,
  artists: { id: number; name: string }[],
  state: { recently_played: boolean; requestable_at: number | null },
): Song {
  return {
    id: row.id,
    title: row.title,
    artists: Object.fromEntries(artists.map((a) => [String(a.id), a.name])),
    artist: artists.length > 0 ? artists.map((a) => a.name).join(', ') : null,
    length: row.length,
    platform: row.platform_name,
    platform_brief: row.platform_brief,
    status: row.status,
    avg_vote: averageVote(row.vote_total, row.vote_count),
    vote_count: row.vote_count,
    total_vote_score: row.vote_total,
    recently_played: state.recently_played,
    requestable_at: state.requestable_at,
    has_file: Boolean(row.has_file),
    cover_art_url: coverArtUrl(row),
  };
}

/** The song's embedded art by its content-hash name, or the cover drawn from its id. */
export function coverArtUrl(row: Pick<SongRow, 'id' | 'cover_art'>): string {
  return row.cover_art
    ? API.art.path({ file: row.cover_art })
    : API.artPlaceholder.path({ file: `${row.id}.svg` });
}
