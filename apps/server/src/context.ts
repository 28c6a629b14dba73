import type { AuthGuards } from './auth/guards.js';
import type { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import type { Engine } from './db/dialect.js';
import type { EventBus } from './live/event-bus.js';
import type { LiveHub } from './live/live-hub.js';
import type { PlaybackService } from './live/playback.service.js';
import type { MessageRepo } from './modules/messages/message.repo.js';
import type { AuthService } from './modules/auth/auth.service.js';
import type { ReferralRepo } from './modules/users/referral.repo.js';
import type { UserAdminService } from './modules/users/user-admin.service.js';
import type { UserRepo } from './modules/users/user.repo.js';

/** What route plugins are given: built once in buildApp, so every route shares one set. */
export interface AppContext {
  config: Config;
  db: Db;
  engine: Engine;
  tokens: TokenService;
  guards: AuthGuards;
  bus: EventBus;
  live: { playback: PlaybackService; hub: LiveHub };
  repos: { users: UserRepo; referrals: ReferralRepo; messages: MessageRepo };
  services: { auth: AuthService; userAdmin: UserAdminService };
}
