import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createAuthGuards } from './auth/guards.js';
import { loadJwtSecret } from './auth/secret.js';
import { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/database.js';
import { MemoryEventBus, type EventBus } from './live/event-bus.js';
import { ProcessFanout } from './live/fanout-processes.js';
import type { LiveFanout } from './live/live-fanout.js';
import { LiveHub } from './live/live-hub.js';
import { LiveSockets } from './live/live-sockets.js';
import { PlaybackService } from './live/playback.service.js';
import { AuthService, type LoginLimits } from './modules/auth/auth.service.js';
import { CatalogRepo } from './modules/catalog/catalog.repo.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { SearchRepo } from './modules/catalog/search.repo.js';
import { SongPresenter } from './modules/catalog/song-presenter.js';
import { SongRepo } from './modules/catalog/song.repo.js';
import { CommentRepo } from './modules/comments/comment.repo.js';
import { CommentsService } from './modules/comments/comments.service.js';
import { FavoriteRepo } from './modules/favorites/favorite.repo.js';
import { FavoritesService } from './modules/favorites/favorites.service.js';
import { locateFfmpeg } from './media/ffmpeg-locate.js';
import { MediaStore } from './media/media-store.js';
import { ImportService } from './modules/library/import.service.js';
import { LibraryRepo } from './modules/library/library.repo.js';
import { LibraryService } from './modules/library/library.service.js';
import { MessageRepo } from './modules/messages/message.repo.js';
import { ReferralRepo } from './modules/users/referral.repo.js';
import { UserAdminService } from './modules/users/user-admin.service.js';
import { UserRepo } from './modules/users/user.repo.js';
import { VoteRepo } from './modules/votes/vote.repo.js';
import { VotesService } from './modules/votes/votes.service.js';
import { StationService } from './modules/station/station.service.js';
import { PreviewCache } from './media/preview.js';
import { PreviewService } from './modules/previews/preview.service.js';
import { RequestsRepo } from './modules/requests/requests.repo.js';
import { RequestsService } from './modules/requests/requests.service.js';
import { Station } from './station/station.js';
import { StationRepo } from './station/station.repo.js';

export interface ContainerDeps {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  loginLimits?: LoginLimits | undefined;
  bus?: EventBus | undefined;
}

/** Wires repositories into services once; routes receive the result. */
function createFanout(config: Config, log: FastifyBaseLogger): LiveFanout {
  const processes = config.liveFanoutProcesses;
  return processes > 0 ? new ProcessFanout(processes, log) : new LiveSockets();
}

export function createContext(deps: ContainerDeps): AppContext {
  const { config, database } = deps;
  const { db, engine } = database;
  const tokens = new TokenService(
    loadJwtSecret(config.jwtSecret, config.dataDir),
    config.tokenTtlSeconds,
  );
  const bus = deps.bus ?? new MemoryEventBus();
  const repos = {
    users: new UserRepo(db),
    referrals: new ReferralRepo(db),
    messages: new MessageRepo(db),
    songs: new SongRepo(db),
    catalog: new CatalogRepo(db),
    search: new SearchRepo(db, engine),
    comments: new CommentRepo(db),
    votes: new VoteRepo(db),
    favorites: new FavoriteRepo(db),
    library: new LibraryRepo(db),
    station: new StationRepo(db),
    requests: new RequestsRepo(db, engine),
  };
  const presenter = new SongPresenter(repos.songs, () => config.songLockHours * 3600);
  const auth = new AuthService({
    db,
    users: repos.users,
    referrals: repos.referrals,
    tokens,
    signupMode: config.signupMode,
    loginLimits: deps.loginLimits,
  });
  const media = { tools: locateFfmpeg(config.ffmpegPath), store: new MediaStore(config.dataDir) };
  const station = new Station({
    ffmpeg: media.tools.ffmpeg,
    mediaRoot: media.store.root,
    hlsDir: path.join(config.dataDir, 'hls'),
    stationName: config.stationName,
    lockSeconds: () => config.songLockHours * 3600,
    repo: repos.station,
    bus,
    log: deps.log,
  });
  const playback = new PlaybackService({
    users: repos.users,
    station: repos.station,
    presenter,
    stationInfo: { name: config.stationName, dj_label: config.defaultDjLabel },
    listeners: () => (station.isRunning ? station.listeners : 0),
  });
  const fanout = createFanout(config, deps.log);
  const library = new LibraryService(db, repos.library, repos.search);
  return {
    config,
    db,
    engine,
    tokens,
    guards: createAuthGuards(tokens, repos.users, () => bus.publish({ type: 'users.seen' })),
    bus,
    live: { playback, hub: new LiveHub(playback, bus, fanout, deps.log), fanout },
    station,
    repos,
    presenter,
    media,
    services: {
      auth,
      userAdmin: new UserAdminService(repos.users, auth),
      catalog: new CatalogService(repos.catalog, repos.search, repos.comments, presenter),
      votes: new VotesService(db, repos.votes, repos.songs),
      favorites: new FavoritesService(repos.favorites, repos.songs, presenter),
      comments: new CommentsService(repos.comments, repos.songs),
      library,
      import: new ImportService(media.tools.ffmpeg, media.store, repos.library, library),
      station: new StationService(station, presenter),
      requests: new RequestsService(db, repos.requests, repos.catalog, presenter, bus, () => ({
        queueLimit: config.queueLimit,
        lockSeconds: config.songLockHours * 3600,
        cooldownSeconds: config.requestCooldownSeconds,
      })),
      previews: new PreviewService(
        repos.station,
        media.store,
        new PreviewCache(media.tools.ffmpeg, path.join(config.dataDir, 'previews')),
      ),
    },
  };
}
