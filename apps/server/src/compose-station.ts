import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createMp3Audience, recordingsDir } from './compose-outputs.js';
import type { Config } from './config.js';
import type { EventBus } from './core/bus.js';
import type { Clock } from './core/clock.js';
import type { RequestRules } from './core/song-rules.js';
import type { Db } from './db/database.js';
import { hostPortText, parseHostPort } from './lib/host-port.js';
import type { FfmpegTools } from './media/ffmpeg-locate.js';
import type { MediaStore } from './media/media-store.js';
import type { SongPresenter } from './modules/catalog/song-presenter.js';
import type { PlaybackRepo } from './modules/playback/playback.repo.js';
import type { DjService } from './modules/shows/dj.service.js';
import type { ScheduleService } from './modules/shows/schedule.service.js';
import type { ShowService } from './modules/shows/show.service.js';
import { HlsListeners } from './station/hls/hls-listeners.js';
import { LeaseRepo } from './station/leader/lease.repo.js';
import { FenceFile, PLAYOUT_FENCE_FILE } from './station/leader/fence-file.js';
import { PlayoutLeader } from './station/leader/playout-leader.js';
import { LiveInput } from './station/live-input/live-input.js';
import { icecastTarget } from './station/mp3/icecast-relay.js';
import type { PlayoutRepo } from './station/playout/playout.repo.js';
import { Station } from './station/station.js';
import { StationService } from './station/station.service.js';

export interface StationPartDeps {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  media: { tools: FfmpegTools; store: MediaStore };
  playoutRepo: PlayoutRepo;
  playback: PlaybackRepo;
  presenter: SongPresenter;
  rules: () => RequestRules;
  schedule: ScheduleService;
  shows: ShowService;
  djs: DjService;
  bus: EventBus;
  clock: Clock;
}

/**
 * The station's part of the composition: the playout and its outputs, the lease that decides
 * which node plays, the live input DJs stream to (handed on to the playing node when this one
 * is not), and the service the station's routes use.
 */
export function composeStation(deps: StationPartDeps) {
  const { config, db, log, media, playoutRepo, playback, presenter, rules } = deps;
  const { schedule, shows, djs, bus, clock } = deps;
  const lease = new LeaseRepo(db);
  const hlsListeners = new HlsListeners(bus);
  const station = new Station({
    ffmpeg: media.tools.ffmpeg,
    mediaRoot: media.store.root,
    spoolDir: config.spoolDir,
    hlsDir: config.hlsDir,
    hlsPublic: config.hlsPublic,
    // The lease's word, once the leader below exists (asked only while the station plays); a
    // station started without a leader (the tests') publishes.
    mayPublish: (): boolean => leader.status === 'off' || leader.mayPublish(),
    hlsListeners: () => hlsListeners.total(),
    mp3: createMp3Audience(config, log),
    rules,
    artistSpacing: config.autoDjArtistSpacing,
    theme: async () => (await schedule.themeNow())?.theme ?? null,
    icecast: config.icecastSourceUrl
      ? icecastTarget(config.icecastSourceUrl, {
          name: config.stationName,
          genre: config.stationGenre,
          description: config.insight.stationDescription,
          url: config.stationUrl,
        })
      : undefined,
    clock,
    repo: playoutRepo,
    bus,
    log,
    live: {
      records: shows,
      standbyFile: config.liveStandbyFile,
      crossfadeSeconds: config.liveCrossfadeSeconds,
      graceSeconds: config.liveGraceSeconds,
      recordings: recordingsDir(config),
    },
  });
  const playoutAddress = hostPortText(config.playoutAddress);
  const leader: PlayoutLeader = new PlayoutLeader({
    lease,
    station,
    log,
    address: playoutAddress,
    fence: new FenceFile(path.join(config.hlsDir, PLAYOUT_FENCE_FILE)),
  });
  const liveInput = new LiveInput({
    ffmpeg: media.tools.ffmpeg,
    authorize: (username, key) => djs.authorizeSource(username, key),
    playing: () => station.isRunning,
    leader: async () => {
      const held = await lease.current();
      if (!held || held.remainingMs <= 0 || !held.address) return null;
      // This node's own address with its station stopped: nobody else plays yet.
      if (held.address === playoutAddress) return null;
      return parseHostPort(held.address);
    },
    admit: (dj) => station.shows.admit(dj),
    accepted: (source) => station.shows.accepted(source),
    log,
  });
  const stationService = new StationService(station, presenter, bus, {
    isOnAir: async () => ((await lease.current())?.remainingMs ?? 0) > 0,
    songOnAir: async () => (await playback.nowPlaying())?.song_id ?? null,
  });
  return { station, leader, liveInput, stationService, hlsListeners };
}
