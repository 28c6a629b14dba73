import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { createContext } from './container.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/database.js';
import type { EventBus } from './live/event-bus.js';
import { liveRoutes } from './live/live.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import type { LoginLimits } from './modules/auth/auth.service.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { commentsRoutes } from './modules/comments/comments.routes.js';
import { favoritesRoutes } from './modules/favorites/favorites.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { messagesRoutes } from './modules/messages/messages.routes.js';
import { previewRoutes } from './modules/previews/preview.routes.js';
import { requestsRoutes } from './modules/requests/requests.routes.js';
import { stationRoutes } from './modules/station/station.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { votesRoutes } from './modules/votes/votes.routes.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerWebSite } from './plugins/web-site.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  loginLimits?: LoginLimits;
  bus?: EventBus;
  /** Check every response against its contract schema (tests); off in production. */
  validateResponses?: boolean;
}

export type App = FastifyInstance & { ctx: AppContext };

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    trustProxy: deps.config.trustProxy,
    bodyLimit: 64 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  const ctx = createContext({ ...deps, log: app.log });
  app.setValidatorCompiler(validatorCompiler);
  // Validating a 500-song answer with zod costs more than building it; handlers are typed
  // against the contract, and the test suites run with validation on.
  app.setSerializerCompiler(
    deps.validateResponses ? serializerCompiler : () => (data) => JSON.stringify(data),
  );
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
  await registerOpenApi(app, deps.config.stationName);

  for (const routes of [
    healthRoutes,
    authRoutes,
    usersRoutes,
    messagesRoutes,
    catalogRoutes,
    votesRoutes,
    favoritesRoutes,
    commentsRoutes,
    requestsRoutes,
    previewRoutes,
  ]) {
    await app.register(routes(ctx));
  }
  await app.register(liveRoutes(ctx.live.hub));
  await app.register(stationRoutes(ctx, ctx.services.station));

  await registerWebSite(app, deps.config.webDist ?? DEFAULT_WEB_DIST);
  return Object.assign(app, { ctx });
}
