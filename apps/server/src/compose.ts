import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createAuthGuards } from './auth/guards.js';
import { loadJwtSecret } from './auth/secret.js';
import { TokenService } from './auth/tokens.js';
import { createEventBus } from './bus/create-bus.js';
import type { Config } from './config.js';
import { createFanout, recordingsDir } from './compose-outputs.js';
import { createMedia } from './compose-media.js';
import { createPageMeta } from './compose-page-meta.js';
import { composeShows } from './compose-shows.js';
import { composeStation } from './compose-station.js';
import type { EventBus } from './core/bus.js';
import { systemClock, type Clock } from './core/clock.js';
import type { RequestRules } from './core/song-rules.js';
import { LockWindow } from './modules/catalog/lock-window.js';
import { LockWindowRepo } from './modules/catalog/lock-window.repo.js';
import type { DatabaseHandle } from './db/database.js';
import { LiveHub } from './live/live-hub.js';
import { PreviewCache } from './media/preview.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService, type LoginLimits } from './modules/auth/auth.service.js';
import { UserAdminService } from './modules/auth/user-admin.service.js';
import { CatalogRepo } from './modules/catalog/catalog.repo.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { CatalogService } from './modules/catalog/catalog.service.js';
import { SearchRepo } from './modules/catalog/search.repo.js';
import { QueueSlots } from './modules/catalog/queue-slots.js';
import { SongPresenter } from './modules/catalog/song-presenter.js';
import { SongRepo } from './modules/catalog/song.repo.js';
import { CommentRepo } from './modules/comments/comment.repo.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { CommentsService } from './modules/comments/comments.service.js';
import { FavoriteRepo } from './modules/favorites/favorite.repo.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { FavoritesService } from './modules/favorites/favorites.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { ProfileRepo } from './modules/profiles/profile.repo.js';
import { profileRoutes } from './modules/profiles/profile.routes.js';
import { ProfileService } from './modules/profiles/profile.service.js';
import { webAppRoutes } from './modules/web-app/web-app.routes.js';
import { ImportService } from './modules/library/import.service.js';
import { LibraryRepo } from './modules/library/library.repo.js';
import { LibraryService } from './modules/library/library.service.js';
import { MessageRepo } from './modules/messages/message.repo.js';
import { CurationRepo } from './modules/curation/curation.repo.js';
import { curationRoutes } from './modules/curation/curation.routes.js';
import { CurationService } from './modules/curation/curation.service.js';
import { ReviewRepo } from './modules/curation/review.repo.js';
import { reviewRoutes } from './modules/curation/review.routes.js';
import { ReviewService } from './modules/curation/review.service.js';
import { SongEntryRepo } from './modules/curation/song-entry.repo.js';
import { songEntryRoutes } from './modules/curation/song-entry.routes.js';
import { SongEntryService } from './modules/curation/song-entry.service.js';
import { FeedRepo } from './modules/feed/feed.repo.js';
import { feedRoutes } from './modules/feed/feed.routes.js';
import { FeedService } from './modules/feed/feed.service.js';
import { FilesRepo } from './modules/files/files.repo.js';
import { filesRoutes } from './modules/files/files.routes.js';
import { FilesService } from './modules/files/files.service.js';
import { MissingSongsRepo } from './modules/files/missing-songs.repo.js';
import { ContactsRepo } from './modules/messages/contacts.repo.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { MessagesService } from './modules/messages/messages.service.js';
import { ModerationRepo } from './modules/oneliner/moderation.repo.js';
import { moderationRoutes } from './modules/oneliner/moderation.routes.js';
import { ModerationService } from './modules/oneliner/moderation.service.js';
import { OnelinerRepo } from './modules/oneliner/oneliner.repo.js';
import { onelinerRoutes } from './modules/oneliner/oneliner.routes.js';
import { OnelinerService } from './modules/oneliner/oneliner.service.js';
import { PlaybackRepo } from './modules/playback/playback.repo.js';
import { PlaybackService } from './modules/playback/playback.service.js';
import { previewRoutes } from './modules/previews/preview.routes.js';
import { PreviewService } from './modules/previews/preview.service.js';
import { artRoutes } from './modules/art/art.routes.js';
import { ArtService } from './modules/art/art.service.js';
import { RequestsRepo } from './modules/requests/requests.repo.js';
import { requestsRoutes } from './modules/requests/requests.routes.js';
import { RequestsService } from './modules/requests/requests.service.js';
import { UploadRepo } from './modules/uploads/upload.repo.js';
import { uploadRoutes } from './modules/uploads/upload.routes.js';
import { UploadService } from './modules/uploads/upload.service.js';
import { AuditLogRepo } from './modules/users/audit-log.repo.js';
import { ReferralRepo } from './modules/users/referral.repo.js';
import { UserRepo } from './modules/users/user.repo.js';
import { usersAdminRoutes } from './modules/users/users-admin.routes.js';
import { UsersAdminService } from './modules/users/users-admin.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { icecastMetadataRoutes } from './modules/shows/icecast-metadata.routes.js';
import { showsRoutes } from './modules/shows/shows.routes.js';
import { scheduleRoutes } from './modules/shows/schedule.routes.js';
import { VoteRepo } from './modules/votes/vote.repo.js';
import { votesRoutes } from './modules/votes/votes.routes.js';
import { VotesService } from './modules/votes/votes.service.js';
import { ExactStarts } from './station/playout/exact-starts.js';
import { HlsFolder } from './station/hls/hls-folder.js';
import { PlayoutRepo } from './station/playout/playout.repo.js';
import { stationRoutes } from './station/station.routes.js';

export interface ComposeDeps {
  config: Config;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  loginLimits?: LoginLimits | undefined;
  bus?: EventBus | undefined;
  clock?: Clock | undefined;
}

/**
 * The composition root: builds every repository, service, the bus, the station and the live
 * channel once, and the route plugins, each handed only what it uses. The result goes to the
 * process shell (main.ts, the CLI) and tests; routes never see it whole.
 */
export function compose(deps: ComposeDeps) {
  const { config, database, log } = deps;
  const { db, engine } = database;
  const clock = deps.clock ?? systemClock;
  const bus = deps.bus ?? createEventBus(config, log);
  // Subscribed before the live hub, so an update built on a track start already knows it.
  const exactStarts = new ExactStarts(bus);
  const rules = (): RequestRules => ({
    queueLimit: config.queueLimit,
    lockSeconds: lockWindow.seconds(),
    cooldownSeconds: config.requestCooldownSeconds,
  });
  const tokens = new TokenService(
    loadJwtSecret(config.jwtSecret, config.dataDir),
    config.tokenTtlSeconds,
  );

  const repos = {
    users: new UserRepo(db),
    referrals: new ReferralRepo(db),
    messages: new MessageRepo(db),
    contacts: new ContactsRepo(db),
    feed: new FeedRepo(db),
    curation: new CurationRepo(db),
    songEntry: new SongEntryRepo(db, engine),
    review: new ReviewRepo(db, engine),
    files: new FilesRepo(db, engine),
    missingSongs: new MissingSongsRepo(db),
    songs: new SongRepo(db),
    catalog: new CatalogRepo(db),
    search: new SearchRepo(db, engine),
    comments: new CommentRepo(db),
    votes: new VoteRepo(db),
    favorites: new FavoriteRepo(db),
    profiles: new ProfileRepo(db),
    library: new LibraryRepo(db),
    playback: new PlaybackRepo(db),
    oneliner: new OnelinerRepo(db),
    moderation: new ModerationRepo(db),
    audit: new AuditLogRepo(db),
    station: new PlayoutRepo(db),
    requests: new RequestsRepo(db, engine),
    uploads: new UploadRepo(db, engine),
    lockWindow: new LockWindowRepo(db),
  };
  const guards = createAuthGuards(tokens, repos.users, () => bus.publish({ type: 'users.seen' }));
  const media = createMedia(config);
  const lockWindow = new LockWindow(repos.lockWindow, clock, () => config.songLockHours * 3600);
  lockWindow.follow(bus);
  void lockWindow.refresh().catch(() => undefined);
  const queueSlots = new QueueSlots(() => repos.songs.queueSlots(), clock);
  queueSlots.follow(bus);
  const presenter = new SongPresenter(repos.songs, queueSlots, rules, clock);

  const auth = new AuthService({
    db,
    users: repos.users,
    referrals: repos.referrals,
    tokens,
    bus,
    signupMode: config.signupMode,
    loginLimits: deps.loginLimits,
    clock,
  });
  const library = new LibraryService(db, repos.library, repos.search);
  const oneliner = new OnelinerService(repos.oneliner, repos.moderation, repos.users, bus, clock);
  const moderation = new ModerationService(
    db,
    repos.moderation,
    repos.audit,
    repos.users,
    bus,
    clock,
  );
  const showsPart = composeShows({
    config,
    db,
    users: repos.users,
    audit: repos.audit,
    art: media.art,
    presenter,
    bus,
    clock,
  });
  const { shows, line, schedule } = showsPart.services;
  const services = {
    auth,
    schedule,
    djs: showsPart.services.djs,
    shows,
    line,
    userAdmin: new UserAdminService(repos.users, auth),
    usersAdmin: new UsersAdminService(db, repos.users, repos.audit, bus, clock),
    catalog: new CatalogService(repos.catalog, repos.search, presenter),
    votes: new VotesService(db, repos.votes, repos.songs),
    favorites: new FavoritesService(repos.favorites, repos.songs, presenter),
    profiles: new ProfileService(repos.users, repos.profiles),
    comments: new CommentsService(repos.comments, repos.songs, repos.users, bus),
    feed: new FeedService(repos.feed),
    curation: new CurationService(db, repos.curation, repos.audit, bus, clock),
    songEntry: new SongEntryService(
      db,
      repos.songEntry,
      repos.search,
      clock,
      config.pendingSongsMax,
    ),
    review: new ReviewService({
      db,
      repo: repos.review,
      search: repos.search,
      audit: repos.audit,
      store: media.store,
      bus,
      clock,
    }),
    files: new FilesService(db, repos.files, repos.missingSongs, repos.audit, bus, clock),
    library,
    oneliner,
    moderation,
    messages: new MessagesService(db, repos.messages, repos.contacts, repos.users, bus, clock),
    import: new ImportService(
      media.intake,
      media.store,
      repos.library,
      library,
      path.join(config.dataDir, 'upload-tmp'),
    ),
    requests: new RequestsService({
      db,
      repo: repos.requests,
      catalog: repos.catalog,
      presenter,
      bus,
      rules,
      clock,
      queued: (request) => line.requested(request),
    }),
    previews: new PreviewService(
      repos.songs,
      media.store,
      new PreviewCache(media.tools.ffmpeg, path.join(config.dataDir, 'previews')),
    ),
    uploads: new UploadService({
      db,
      repo: repos.uploads,
      store: media.store,
      intake: media.intake,
      tempDir: path.join(config.dataDir, 'upload-tmp'),
      maxMiB: config.uploadMaxMiB,
      bus,
      clock,
    }),
    art: new ArtService(media.art, repos.songs),
    playback: new PlaybackService({
      users: repos.users,
      queue: repos.playback,
      presenter,
      stationInfo: { name: config.stationName, dj_label: config.defaultDjLabel },
      clock,
      oneliner,
      exactStart: (songId, stored) => exactStarts.of(songId, stored),
      shows,
      nextShow: () => schedule.nextShow(),
      liveSlotEnd: () => schedule.liveSlotEnd(),
    }),
  };

  const { station, leader, liveInput, stationService, hlsListeners } = composeStation({
    config,
    db,
    log,
    media,
    playoutRepo: repos.station,
    playback: repos.playback,
    presenter,
    rules,
    schedule,
    shows,
    djs: services.djs,
    bus,
    clock,
  });

  const pageMeta = createPageMeta({
    catalog: services.catalog,
    catalogRepo: repos.catalog,
    users: repos.users,
    stationName: config.stationName,
  });

  const fanout = createFanout(config, log);
  const hub = new LiveHub({
    playback: services.playback,
    bus,
    fanout,
    log,
    authenticate: guards.authenticateToken,
    tokenVersions: (ids) => repos.users.tokenVersions(ids),
    song: async (id) => {
      const song = await presenter.presentOne(id, null);
      return song ? { id: song.id, title: song.title, artist: song.artist } : null;
    },
    feedItem: (kind, id) => services.feed.item(kind, id),
    maxSocketsPerAddress: config.liveMaxSocketsPerIp,
    trustProxy: config.trustProxy,
  });

  // Every process has health, readiness, the streams and the playout's hooks; an API one the rest.
  const hls = new HlsFolder(config.hlsDir);
  const coreRoutes: FastifyPluginAsyncZod[] = [
    healthRoutes({
      db,
      engine,
      playout: () => leader.status,
      ...(bus.connected === undefined ? {} : { redis: () => bus.connected === true }),
      candidate: config.station,
      hlsAgeMs: () => hls.playlistAgeMs(),
    }),
    stationRoutes({
      station,
      leader,
      hls,
      hlsListeners,
      service: stationService,
      guards,
      mp3Elsewhere: config.icecastPublicUrl,
    }),
    // Source clients send their titles to the host they stream to, which may be any node.
    icecastMetadataRoutes({ djs: services.djs, shows }),
  ];
  const apiRoutes: FastifyPluginAsyncZod[] = [
    webAppRoutes({ stationName: config.stationName }),
    authRoutes({ auth, guards }),
    usersRoutes({ users: repos.users, referrals: repos.referrals, guards }),
    profileRoutes({ profiles: services.profiles, guards }),
    usersAdminRoutes({ usersAdmin: services.usersAdmin, guards }),
    messagesRoutes({ messages: services.messages, guards }),
    catalogRoutes({ catalog: services.catalog, guards }),
    votesRoutes({ votes: services.votes, guards }),
    favoritesRoutes({ favorites: services.favorites, guards }),
    commentsRoutes({ comments: services.comments, guards }),
    onelinerRoutes({ oneliner, guards }),
    feedRoutes({ feed: services.feed, guards }),
    curationRoutes({ curation: services.curation, guards }),
    songEntryRoutes({ songEntry: services.songEntry, guards }),
    reviewRoutes({ review: services.review, guards }),
    filesRoutes({ files: services.files, guards }),
    moderationRoutes({ moderation, guards }),
    requestsRoutes({ requests: services.requests, guards }),
    previewRoutes({ previews: services.previews, guards }),
    uploadRoutes({ uploads: services.uploads, guards }),
    artRoutes({ art: services.art }),
    scheduleRoutes({ schedule, guards }),
    showsRoutes({
      djs: services.djs,
      shows,
      line,
      guards,
      recordingsDir: recordingsDir(config)?.dir ?? null,
    }),
  ];
  const routes = config.api ? [...coreRoutes, ...apiRoutes] : coreRoutes;
  return {
    config,
    db,
    engine,
    clock,
    bus,
    tokens,
    guards,
    media,
    repos: { ...repos, ...showsPart.repos },
    presenter,
    services,
    station,
    leader,
    liveInput,
    hlsListeners,
    live: { hub, fanout },
    pageMeta,
    routes,
  };
}

export type Composition = ReturnType<typeof compose>;
