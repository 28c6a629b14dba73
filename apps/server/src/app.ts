import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuthGuards } from './auth/guards.js';
import { loadJwtSecret } from './auth/secret.js';
import { TokenService } from './auth/tokens.js';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/database.js';
import { MemoryEventBus, type EventBus } from './live/event-bus.js';
import { LiveHub } from './live/live-hub.js';
import { liveRoutes } from './live/live.routes.js';
import { PlaybackService } from './live/playback.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { AuthService, type LoginLimits } from './modules/auth/auth.service.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { MessageRepo } from './modules/messages/message.repo.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { ReferralRepo } from './modules/users/referral.repo.js';
import { UserAdminService } from './modules/users/user-admin.service.js';
import { UserRepo } from './modules/users/user.repo.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerWebSite } from './plugins/web-site.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  loginLimits?: LoginLimits;
  bus?: EventBus;
}

export type App = FastifyInstance & { ctx: AppContext };

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

function createContext(deps: AppDeps, log: FastifyBaseLogger): AppContext {
  const { config, database } = deps;
  const { db } = database;
  const tokens = new TokenService(
    loadJwtSecret(config.jwtSecret, config.dataDir),
    config.tokenTtlSeconds,
  );
  const users = new UserRepo(db);
  const bus = deps.bus ?? new MemoryEventBus();
  const playback = new PlaybackService(users);
  const referrals = new ReferralRepo(db);
  const auth = new AuthService({
    db,
    users,
    referrals,
    tokens,
    signupMode: config.signupMode,
    loginLimits: deps.loginLimits,
  });
  return {
    config,
    db,
    engine: database.engine,
    tokens,
    guards: createAuthGuards(tokens, users, () => bus.publish({ type: 'users.seen' })),
    bus,
    live: { playback, hub: new LiveHub(playback, bus, log) },
    repos: { users, referrals, messages: new MessageRepo(db) },
    services: { auth, userAdmin: new UserAdminService(users, auth) },
  };
}

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const ctx = createContext(deps, app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);
  registerErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  await registerOpenApi(app, deps.config.stationName);

  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(usersRoutes(ctx));
  await app.register(messagesRoutes(ctx));
  await app.register(liveRoutes(ctx.live.hub));

  await registerWebSite(app, deps.config.webDist ?? DEFAULT_WEB_DIST);
  return Object.assign(app, { ctx });
}
