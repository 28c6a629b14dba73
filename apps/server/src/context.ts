import type { AuthGuards } from './auth/guards.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Engine } from './db/dialect.js';
import type { EventBus } from './live/event-bus.js';
import type { LiveFanout } from './live/live-fanout.js';
import type { LiveHub } from './live/live-hub.js';
import type { PlaybackService } from './live/playback.service.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { CatalogRepo } from './modules/catalog/catalog.repo.js';
import type { CatalogService } from './modules/catalog/catalog.service.js';
import type { SearchRepo } from './modules/catalog/search.repo.js';
import type { SongPresenter } from './modules/catalog/song-presenter.js';
import type { SongRepo } from './modules/catalog/song.repo.js';
import type { CommentRepo } from './modules/comments/comment.repo.js';
import type { CommentsService } from './modules/comments/comments.service.js';
import type { FavoriteRepo } from './modules/favorites/favorite.repo.js';
import type { FavoritesService } from './modules/favorites/favorites.service.js';
import type { FfmpegTools } from './media/ffmpeg-locate.js';
import type { MediaStore } from './media/media-store.js';
import type { ImportService } from './modules/library/import.service.js';
import type { LibraryRepo } from './modules/library/library.repo.js';
import type { LibraryService } from './modules/library/library.service.js';
import type { MessageRepo } from './modules/messages/message.repo.js';
import type { ReferralRepo } from './modules/users/referral.repo.js';
import type { UserAdminService } from './modules/users/user-admin.service.js';
import type { UserRepo } from './modules/users/user.repo.js';
import type { VoteRepo } from './modules/votes/vote.repo.js';
import type { VotesService } from './modules/votes/votes.service.js';
import type { StationService } from './modules/station/station.service.js';
import type { PreviewService } from './modules/previews/preview.service.js';
import type { RequestsRepo } from './modules/requests/requests.repo.js';
import type { RequestsService } from './modules/requests/requests.service.js';
import type { Station } from './station/station.js';
import type { StationRepo } from './station/station.repo.js';

/** What route plugins are given: built once (container.ts), so every route shares one set. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  tokens: TokenService;
  guards: AuthGuards;
  bus: EventBus;
  live: { playback: PlaybackService; hub: LiveHub; fanout: LiveFanout };
  /** The radio; started by the process that plays it (main.ts), idle otherwise. */
  station: Station;
  presenter: SongPresenter;
  media: { tools: FfmpegTools; store: MediaStore };
  repos: {
    users: UserRepo;
    referrals: ReferralRepo;
    messages: MessageRepo;
    songs: SongRepo;
    catalog: CatalogRepo;
    search: SearchRepo;
    comments: CommentRepo;
    votes: VoteRepo;
    favorites: FavoriteRepo;
    library: LibraryRepo;
    station: StationRepo;
    requests: RequestsRepo;
  };
  services: {
    auth: AuthService;
    userAdmin: UserAdminService;
    catalog: CatalogService;
    votes: VotesService;
    favorites: FavoritesService;
    comments: CommentsService;
    library: LibraryService;
    import: ImportService;
    station: StationService;
    requests: RequestsService;
    previews: PreviewService;
  };
}
