import type { Song, SongEntry } from '@queuecast/contract';
import { nowSeconds } from '../../db/dialect.js';
import { SongRepo, type SongRow } from './song.repo.js';

export interface Viewer {
  id: number;
}

export interface PresentOptions {
  withTags?: boolean;
}

/**
 * Turns song ids into the one Song shape the whole API uses (spec §3): batch reads, explicit
 * field mapping, never a raw row. `recently_played` is true when a request would be refused
 * for the lock window or because the song is queued or on air.
 */
export class SongPresenter {
  constructor(
    private readonly songs: SongRepo,
    private readonly lockSeconds: () => number,
  ) {}

  async present(
    ids: readonly number[],
    viewer: Viewer | null,
    options: PresentOptions = {},
  ): Promise<Song[]> {
    if (ids.length === 0) return [];
    const [rows, artists, tags, votes, favorites, queued] = await Promise.all([
      this.songs.rows(ids),
      this.songs.artists(ids),
      options.withTags ? this.songs.tags(ids) : Promise.resolve([]),
      viewer ? this.songs.userVotes(viewer.id, ids) : Promise.resolve([]),
      viewer ? this.songs.userFavorites(viewer.id, ids) : Promise.resolve([]),
      this.songs.queuedSongIds(),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const artistMap = groupBy(artists, (a) => a.song_id);
    const tagMap = groupBy(tags, (t) => t.song_id);
    const voteMap = new Map(votes.map((v) => [v.song_id, v.vote]));
    const favSet = new Set(favorites.map((f) => f.song_id));
    const lockedSince = nowSeconds() - this.lockSeconds();

    const result: Song[] = [];
    for (const id of ids) {
      const row = byId.get(id);
      if (!row) continue;
      const song = toSong(row, artistMap.get(id) ?? [], {
        recentlyPlayed:
          queued.has(id) || (row.last_played_at !== null && row.last_played_at > lockedSince),
      });
      if (options.withTags) song.tags = (tagMap.get(id) ?? []).map((t) => t.name);
      if (viewer) {
        song.user_vote = voteMap.get(id) ?? null;
        song.is_favorited = favSet.has(id);
      }
      result.push(song);
    }
    return result;
  }

  async presentOne(id: number, viewer: Viewer | null, options?: PresentOptions) {
    return (await this.present([id], viewer, options))[0];
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
  flags: { recentlyPlayed: boolean },
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
    avg_vote: SongRepo.average(row),
    vote_count: row.vote_count,
    total_vote_score: row.vote_total,
    recently_played: flags.recentlyPlayed,
    h_length: row.h_length,
    h_skip: row.h_skip,
    h_fadeout: row.h_fadeout,
    has_file: row.status !== 'missing_file',
    cover_art_url: null,
  };
}
