import { systemClock, type Clock } from '../../core/clock.js';
import { chooseWeighted, type RecentArtists } from '../../core/auto-dj.js';
import { effectiveLength, isPlayable, lockWindowStart } from '../../core/song-rules.js';
import type { ThemeFilter } from '../../db/song-theme.js';
import { isDatabaseUnreachable } from '../../db/unreachable.js';
import type { AutoDjCandidate, PlayableRow, PlayoutRepo } from './playout.repo.js';

export { chooseWeighted, weightOf } from '../../core/auto-dj.js';

/** Random ids drawn per auto-DJ pick; enough that a large catalogue needs no full scan. */
const SAMPLE = 64;
/** Fewer eligible songs than this among the sample: ask the database for a random handful. */
const ENOUGH = 8;
/** Songs kept known playable for an outage of the database, and how often they are renewed. */
const RESERVE_SIZE = 24;
const RESERVE_REFRESH_S = 600;
/** Picks the reserve avoids repeating. */
const RECENT_KEPT = 8;
/** A track ready to decode. `queueId` is null for an auto-DJ pick until it goes on air. */
export interface Track {
  queueId: number | null;
  songId: number;
  requestedBy: number | null;
  song: PlayableRow;
  /** Effective length in seconds after the song's tweaks. */
  length: number;
  /** Seconds into the effective track at which to begin (a resume after restart). */
  offset: number;
  /** Epoch seconds of the first sample, when already on air (a resume). */
  startedAt: number | null;
}

/**
 * Decides what plays next: the oldest unplayed queue entry (requests may break the artist
 * spacing), else an auto-DJ pick (playable, outside the lock window, weighted by rating, no
 * artist of the last `artistSpacing` plays when the library allows; when everything is locked,
 * the least recently played), so the station never falls silent.
 */
export class Scheduler {
  constructor(
    private readonly repo: PlayoutRepo,
    private readonly lockSeconds: () => number,
    private readonly random: () => number = Math.random,
    private readonly clock: Clock = systemClock,
    private readonly artistSpacing = 3,
    /** The theme of the themed show on now (the schedule), if any. */
    private readonly theme: () => Promise<ThemeFilter | null> = () => Promise.resolve(null),
  ) {}

  private reserve: PlayableRow[] = [];
  private reserveAt = -Infinity;
  private refreshing = false;
  /** The last songs picked, newest first: the reserve avoids them. */
  private recent: number[] = [];

  /** The entry that was on air when the station stopped, to resume where it was. */
  async resume(now = Date.now() / 1000): Promise<Track | null> {
    const entry = await this.repo.playingEntry();
    if (!entry) return null;
    const song = await this.repo.playable(entry.song_id);
    if (song && !song.stored_path) {
      // Its file was taken off the song meanwhile: nothing to resume from.
      await this.repo.finish(entry.id, 'skipped');
      return null;
    }
    const startedAt = entry.started_at ?? now;
    const length = song ? effectiveLength(song) : 0;
    const offset = now - startedAt;
    if (!song || offset >= length - 1) {
      await this.repo.finish(entry.id, 'played');
      return null;
    }
    return {
      queueId: entry.id,
      songId: entry.song_id,
      requestedBy: entry.requested_by,
      song,
      length,
      offset: Math.max(0, offset),
      startedAt,
    };
  }

  /**
   * The next track, or null when the catalogue has nothing playable. During a themed show the
   * queue's requests in the theme come first, then the auto-DJ within the theme; requests
   * outside it wait for the show's end (and play should the theme have nothing left).
   */
  async next(current: Track | null): Promise<Track | null> {
    try {
      const track = await this.decide(current);
      if (track) this.played(track.songId);
      void this.refreshReserve();
      return track;
    } catch (err) {
      // The database is away: the auto-DJ plays on from the songs it already knows.
      const known = isDatabaseUnreachable(err) ? this.fromReserve(current) : null;
      if (!known) throw err;
      this.played(known.songId);
      return known;
    }
  }

  /** Songs known playable, for the auto-DJ to pick from while the database is unreachable. */
  get reserveSize(): number {
    return this.reserve.length;
  }

  private played(songId: number): void {
    this.recent = [songId, ...this.recent.filter((id) => id !== songId)].slice(0, RECENT_KEPT);
  }

  /** A reserve song not among the last picks (any other than the one on air, if all are). */
  private fromReserve(current: Track | null): Track | null {
    const others = this.reserve.filter((s) => s.id !== current?.songId);
    const fresh = others.filter((s) => !this.recent.includes(s.id));
    const pool = fresh.length > 0 ? fresh : others;
    if (pool.length === 0) return null;
    return this.track(null, null, pool[Math.floor(this.random() * pool.length)]!);
  }

  /** Refills the reserve from the database every RESERVE_REFRESH_S (at once when empty). */
  private async refreshReserve(): Promise<void> {
    const now = this.clock.now();
    if (this.refreshing || now - this.reserveAt < RESERVE_REFRESH_S) return;
    this.refreshing = true;
    try {
      const lockedSince = lockWindowStart(now, { lockSeconds: this.lockSeconds() });
      const picks = await this.repo.eligibleRandom(lockedSince, RESERVE_SIZE, null);
      const songs: PlayableRow[] = [];
      for (const pick of picks) {
        const song = await this.repo.playable(pick.id);
        if (song?.stored_path) songs.push(song);
      }
      if (songs.length > 0) this.reserve = songs;
      this.reserveAt = now;
    } catch {
      // Tried again at the next pick.
    } finally {
      this.refreshing = false;
    }
  }

  private async decide(current: Track | null): Promise<Track | null> {
    const theme = await this.theme().catch(() => null);
    if (theme) {
      const themed = await this.fromQueue(current, theme);
      if (themed) return themed;
      const pick = await this.autoDj(current, theme, false);
      const song = pick && (await this.repo.playable(pick.id));
      if (song?.stored_path) return this.track(null, null, song);
    }
    const request = await this.fromQueue(current, null);
    if (request) return request;
    const pick = await this.autoDj(current, null, true);
    if (!pick) return null;
    const song = await this.repo.playable(pick.id);
    return song?.stored_path ? this.track(null, null, song) : null;
  }

  /** The oldest playable request (in the theme, when given); unplayable ones are closed. */
  private async fromQueue(current: Track | null, theme: ThemeFilter | null) {
    for (;;) {
      const entry = await this.repo.nextQueued(current?.queueId ?? null, theme);
      if (!entry) break;
      const song = await this.repo.playable(entry.song_id);
      if (song?.stored_path && isPlayable({ status: song.status, has_file: true })) {
        return this.track(entry.id, entry.requested_by, song);
      }
      // Nothing to play for this request: it is closed, and the next one is tried.
      await this.repo.finish(entry.id, 'skipped');
    }
    return null;
  }

  private track(queueId: number | null, requestedBy: number | null, song: PlayableRow): Track {
    return {
      queueId,
      songId: song.id,
      requestedBy,
      song,
      length: effectiveLength(song),
      offset: 0,
      startedAt: null,
    };
  }

  /**
   * The auto-DJ's pick (within `theme` when given); with nothing eligible, the least recently
   * played song when `anything` (so the station never falls silent), else none.
   */
  private async autoDj(current: Track | null, theme: ThemeFilter | null, anything: boolean) {
    const lastSongId = current?.songId ?? null;
    const lockedSince = lockWindowStart(this.clock.now(), { lockSeconds: this.lockSeconds() });
    let candidates = await this.sample(lockedSince, theme);
    if (candidates.length < ENOUGH)
      candidates = await this.repo.eligibleRandom(lockedSince, SAMPLE, theme);
    // In id order: the choice then depends on the random source alone, not on the order the
    // database answered in (its own random order when it was asked for a handful).
    candidates = candidates.filter((c) => c.id !== lastSongId).sort((a, b) => a.id - b.id);
    if (candidates.length === 0) {
      if (!anything) return undefined;
      const oldest = await this.repo.leastRecentlyPlayed();
      return oldest && oldest.id !== lastSongId ? oldest : undefined;
    }
    const recent = await this.recentArtists(current);
    const artists = await this.repo.artistsOf(candidates.map((c) => c.id));
    return chooseWeighted(candidates, artists, recent, this.artistSpacing, this.random);
  }

  /**
   * The artists of the last plays, newest first; the track on air leads even when its start
   * is not written yet.
   */
  private async recentArtists(current: Track | null): Promise<RecentArtists> {
    if (this.artistSpacing === 0) return [];
    const plays = await this.repo.recentPlays(this.artistSpacing);
    if (current === null || plays[0]?.songId === current.songId) {
      return plays.map((p) => p.artists);
    }
    const onAir = await this.repo.artistIds(current.songId);
    return [onAir, ...plays.slice(0, this.artistSpacing - 1).map((p) => p.artists)];
  }

  /** Random ids across the id range; the eligible ones among them. */
  private async sample(lockedSince: number, theme: ThemeFilter | null): Promise<AutoDjCandidate[]> {
    const range = await this.repo.idRange();
    if (!range) return [];
    const ids = new Set<number>();
    const span = range.max - range.min + 1;
    for (let i = 0; i < SAMPLE; i++) ids.add(range.min + Math.floor(this.random() * span));
    return this.repo.eligibleAmong([...ids], lockedSince, theme);
  }
}
