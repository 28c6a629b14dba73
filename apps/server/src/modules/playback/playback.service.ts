import type {
  LiveShow,
  NextShow,
  OnelinerMessage,
  PastShow,
  PlaybackUpdate,
  QueueSong,
  Song,
} from '@queuecast/contract';
import type { Clock } from '../../core/clock.js';
import { ACTIVE_WINDOW_S } from '../../core/presence.js';
import { effectiveLength } from '../../core/song-rules.js';
import type { SongPresenter } from '../catalog/song-presenter.js';
import type { UserRepo } from '../users/user.repo.js';
import type { PlaybackRepo } from './playback.repo.js';
/** History entries in a playback update. */
export const HISTORY_SHOWN = 20;
/** Upcoming entries in a playback update. */
export const QUEUE_SHOWN = 100;

export interface PlaybackDeps {
  users: Pick<UserRepo, 'listSeenSince'>;
  queue: PlaybackRepo;
  presenter: SongPresenter;
  stationInfo: { name: string; dj_label: string };
  clock: Clock;
  /** The latest chat messages, newest first, for a page that just opened. */
  oneliner: { latest(): Promise<OnelinerMessage[]> };
  /**
   * A recent track's start to the fraction of a second, from its song and the whole second
   * stored, as the playout announced it; without it, the stored second.
   */
  exactStart?: (songId: number, stored: number) => number;
  /** The live show on air, and the shows that ended since a moment (the history's span). */
  shows?: { onAir(): Promise<LiveShow | null>; past(since: number): Promise<PastShow[]> };
  /** The next scheduled show to begin. */
  nextShow?: () => Promise<NextShow | null>;
  /** The end of the live show's slot on the schedule, if one is on now. */
  liveSlotEnd?: () => Promise<number | null>;
}

/**
 * Assembles the playback_update that every socket receives: now playing with its start and
 * effective length, the queue in play order with expected start times (without requests, the
 * auto-DJ's pick for the next track as "Up next", once the playout has chosen it), the history
 * newest first. Built for no viewer in particular, because every socket gets the same bytes.
 */
export class PlaybackService {
  constructor(private readonly deps: PlaybackDeps) {}

  /** `listeners`: the station's current count, which the caller keeps (it may be remote). */
  async build(listeners: number): Promise<PlaybackUpdate> {
    const { users, queue: repo, presenter, clock } = this.deps;
    const startOf = (songId: number, stored: number) =>
      this.deps.exactStart?.(songId, stored) ?? stored;
    const now = clock.now();
    const [activeUsers, current, queue, oneliner, picked, live, nextShow, slotEnd] =
      await Promise.all([
        users.listSeenSince(now - ACTIVE_WINDOW_S),
        repo.nowPlaying(),
        repo.queue(QUEUE_SHOWN),
        this.deps.oneliner.latest(),
        repo.upNext(),
        this.deps.shows?.onAir() ?? null,
        this.deps.nextShow?.() ?? null,
        this.deps.liveSlotEnd?.() ?? null,
      ]);
    const history = await repo.history(HISTORY_SHOWN, current?.id ?? null);
    // A pick chosen while an earlier track was on air is stale; a request plays before it.
    const upNext =
      picked && current && picked.after_queue_id === current.id && queue.length === 0
        ? picked
        : null;
    const ids = [
      ...(current ? [current.song_id] : []),
      ...queue.map((q) => q.song_id),
      ...(upNext ? [upNext.song_id] : []),
      ...history.map((h) => h.song_id),
    ];
    const songs = new Map(
      (await presenter.present([...new Set(ids)], null, { freshQueue: true })).map((s) => [
        s.id,
        s,
      ]),
    );
    const copy = (id: number): Song | undefined => {
      const song = songs.get(id);
      return song ? { ...song } : undefined;
    };

    let nowPlaying: QueueSong | null = null;
    // During a live show the queue waits for its end: its slot's, when the schedule has one.
    let nextStart = live && slotEnd !== null ? Math.max(now, slotEnd) : now;
    if (current) {
      const song = copy(current.song_id);
      if (song) {
        nowPlaying = {
          ...song,
          length: current.length,
          start_time: startOf(current.song_id, current.started_at),
          source: 'now',
          isNowPlaying: true,
          requested_by_username: current.requested_by_username,
          queue_id: current.id,
        };
        nextStart = Math.max(nextStart, nowPlaying.start_time + current.length);
      }
    }
    const upcoming: QueueSong[] = [];
    for (const entry of queue) {
      const song = copy(entry.song_id);
      if (!song) continue;
      const length = effectiveLength(entry);
      upcoming.push({
        ...song,
        length,
        start_time: nextStart,
        source: 'upcoming',
        requested_by_username: entry.requested_by_username,
        queue_id: entry.id,
        position: upcoming.length + 1,
      });
      nextStart += length;
    }
    const pick = upNext && copy(upNext.song_id);
    if (upNext && pick) {
      upcoming.push({
        ...pick,
        length: upNext.length,
        start_time: nextStart,
        source: 'upcoming',
        requested_by_username: null,
        position: 1,
        up_next: true,
      });
    }
    // The shows that ended within the history shown (all of the last day when it is short).
    const oldest = history.at(-1)?.started_at;
    const shows = this.deps.shows
      ? await this.deps.shows.past(
          history.length >= HISTORY_SHOWN && oldest !== undefined ? oldest : now - 86_400,
        )
      : [];
    const played: QueueSong[] = [];
    for (const h of history) {
      const song = copy(h.song_id);
      if (!song) continue;
      played.push({
        ...song,
        length: h.length,
        start_time: startOf(h.song_id, h.started_at),
        played_at: h.started_at,
        source: 'history',
        requested_by_username: h.requested_by_username,
      });
    }
    return {
      type: 'playback_update',
      now_playing: nowPlaying,
      queue: upcoming,
      history: played,
      active_users: activeUsers.map((u) => ({ username: u.username })),
      oneliner,
      listeners,
      server_time: Date.now() / 1000,
      station: this.deps.stationInfo,
      live,
      shows,
      next_show: nextShow,
    };
  }
}
