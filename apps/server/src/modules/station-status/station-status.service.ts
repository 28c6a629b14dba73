import {
  coverArtAt,
  PAGES,
  STREAM_PATHS,
  type IcecastStatus,
  type NowPlaying,
  type PlaybackUpdate,
  type PublicSong,
  type QueueSong,
} from '@queuecast/contract';
import type { BusEvent, EventBus } from '../../core/bus.js';
import type { Clock } from '../../core/clock.js';
import { showStreamTitle, trackStreamTitle } from '../../core/stream-title.js';
import { icecastStatus } from './icecast-status.js';

/** How long one build of the station's state answers every caller (widgets poll). */
export const STATUS_TTL_MS = 1000;

/** Events after which the track, the next one or the show may differ: the state is built anew. */
const CHANGES = new Set<BusEvent['type']>([
  'track.started',
  'queue.changed',
  'next.changed',
  'show.changed',
  'show.title',
  'show.ended',
]);

export interface StationStatusDeps {
  playback: { build(listeners: number): Promise<PlaybackUpdate> };
  bus: EventBus;
  clock: Clock;
  station: { name: string; description: string; genre: string; url: string };
}

/**
 * What the station plays, for tools outside it: a now-playing answer of its own and Icecast's
 * JSON status. Both come from the playback update the live channel sends (one build serves
 * every caller for a second, or until the track changes); the listener count and its peak
 * come from the playout's announcements on the bus, so every API node tells the same count.
 */
export class StationStatusService {
  private listeners = 0;
  private peak = 0;
  private readonly startedAt: number;
  private cached: { at: number; update: Promise<PlaybackUpdate> } | null = null;

  constructor(private readonly deps: StationStatusDeps) {
    this.startedAt = deps.clock.now();
    deps.bus.subscribe((event) => {
      if (event.type === 'listeners.changed') {
        this.listeners = event.listeners;
        this.peak = Math.max(this.peak, event.listeners);
      } else if (CHANGES.has(event.type)) {
        this.cached = null;
      }
    });
  }

  async nowPlaying(origin: string): Promise<NowPlaying> {
    const update = await this.update();
    // Whole seconds: the answer (and its ETag) stays the same within a second.
    const now = Math.floor(this.deps.clock.now());
    const { station } = this.deps;
    const current = update.now_playing;
    const next = update.queue[0] ?? null;
    const live = update.live;
    const end = current ? current.start_time + current.length : now;
    return {
      station: {
        name: station.name,
        description: station.description,
        url: station.url || `${origin}/`,
        listen_urls: { mp3: origin + STREAM_PATHS.mp3, hls: origin + STREAM_PATHS.hls },
      },
      now_playing: current && {
        song: publicSong(current, origin),
        started_at: current.start_time,
        duration: current.length,
        elapsed: Math.max(0, Math.floor(now - current.start_time)),
        remaining: Math.max(0, Math.ceil(end - now)),
        requested_by: current.requested_by_username,
      },
      next: next && {
        song: publicSong(next, origin),
        expected_start: next.start_time,
        requested_by: next.requested_by_username,
      },
      live: live && {
        show: live.show,
        dj: live.dj,
        title: live.title,
        started_at: live.started_at,
        state: live.state,
      },
      listeners: this.listeners,
      server_time: now,
    };
  }

  /** Icecast's status for the MP3 mount; `host` is the name the caller reached this server by. */
  async icecast(origin: string, host: string): Promise<IcecastStatus> {
    const update = await this.update();
    const { station } = this.deps;
    return icecastStatus({
      host,
      listenUrl: origin + STREAM_PATHS.mp3,
      name: station.name,
      description: station.description,
      genre: station.genre,
      url: station.url || `${origin}/`,
      startedAt: this.startedAt,
      listeners: this.listeners,
      peak: this.peak,
      title: streamTitle(update),
    });
  }

  private update(): Promise<PlaybackUpdate> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at > STATUS_TTL_MS) {
      const update = this.deps.playback.build(this.listeners);
      // A failed build is not kept: the next caller tries again.
      update.catch(() => {
        if (this.cached?.update === update) this.cached = null;
      });
      this.cached = { at: now, update };
    }
    return this.cached.update;
  }
}

function publicSong(song: QueueSong, origin: string): PublicSong {
  return {
    id: song.id,
    title: song.title,
    artist: song.artist,
    artists: Object.entries(song.artists).map(([id, name]) => ({ id: Number(id), name })),
    platform: song.platform,
    url: origin + PAGES.song.path({ id: song.id }),
    art_url: song.cover_art_url && origin + coverArtAt(song.cover_art_url, 512),
  };
}

/**
 * What the stream's StreamTitle says now: "Artist - Title" for a track, the show (and the
 * DJ's title) during a live show, the station's name while nothing plays.
 */
function streamTitle(update: PlaybackUpdate): { title: string; artist?: string } {
  const song = update.now_playing;
  if (song) {
    const title = trackStreamTitle(Object.values(song.artists), song.title);
    return song.artist ? { title, artist: song.artist } : { title };
  }
  const live = update.live;
  if (live) return { title: showStreamTitle(live.show, live.dj, live.title) };
  return { title: update.station.name };
}
