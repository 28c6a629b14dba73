import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { compose, type Composition } from './compose.js';
import { composeBackups } from './compose-backups.js';
import type { BackupsService } from './modules/backups/backups.service.js';
import type { Config } from './config.js';
import type { EventBus } from './core/bus.js';
import type { Clock } from './core/clock.js';
import type { DatabaseHandle } from './db/database.js';
import { liveRoutes } from './live/live.routes.js';
import type { LoginLimits } from './modules/auth/auth.service.js';
import { answerClientError } from './plugins/client-errors.js';
import { guardConnections } from './plugins/connection-guard.js';
import type { SourceTaker } from './plugins/source-connections.js';
import { registerControlCharacterCheck } from './plugins/control-characters.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerHiddenFormattingStrip } from './plugins/hidden-formatting.js';
import { trackRouteMethods } from './plugins/method-not-allowed.js';
import { registerOpenApi } from './plugins/openapi.js';
import { registerRateLimits } from './plugins/rate-limits.js';
import { limitTable } from './core/rate-limits.js';
import { stationKeyPrefix } from './bus/create-bus.js';
import { registerWebSite } from './plugins/web-site.js';
import { statusRoutes } from './compose-status.js';
import { createMetrics } from './compose-metrics.js';
import { composeStats } from './compose-stats.js';
import { composeWebhooks, type WebhookTiming } from './compose-webhooks.js';
import type { StatsRecorder } from './modules/stats/stats-recorder.js';
import type { WebhookSender } from './modules/webhooks/webhook-sender.js';
import type { WebhooksService } from './modules/webhooks/webhooks.service.js';
import { metricsRoutes } from './modules/metrics/metrics.routes.js';
import { registerHttpMetrics } from './plugins/http-metrics.js';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  loginLimits?: LoginLimits;
  bus?: EventBus;
  clock?: Clock;
  /** Check every response against its contract schema (tests); off in production. */
  validateResponses?: boolean;
  /** Shorter webhook retries and timeouts (tests). */
  webhookTiming?: WebhookTiming;
}

/** The app, with what the composition root built, for the process shell, the CLI and tests. */
export type App = FastifyInstance & {
  ctx: Composition & {
    backups: BackupsService;
    stats: StatsRecorder;
    webhooks: WebhooksService;
    webhookSender: WebhookSender;
  };
};

const DEFAULT_WEB_DIST = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../web/dist',
);

/** Builds the whole HTTP application without listening: main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const app = Fastify({
    logger: deps.logger ?? { level: deps.config.logLevel },
    // Fastify's request.ip believes X-Forwarded-For from these proxies only.
    trustProxy: deps.config.trustProxy.length > 0 ? deps.config.trustProxy : false,
    bodyLimit: 64 * 1024,
    // Longer than any URL Node accepts (16 KiB of headers): a long path parameter reaches the
    // route's validation and gets its 400, not the router's bare 414.
    routerOptions: { maxParamLength: 16 * 1024 },
    clientErrorHandler: answerClientError,
    // Headers that have not all arrived in time are answered 408; looked for every second
    // (Node's default, every 30 s, would let a 10 s timeout run to 40).
    http: {
      headersTimeout: deps.config.httpHeadersTimeoutSeconds * 1000,
      connectionsCheckingInterval: 1000,
    },
  }).withTypeProvider<ZodTypeProvider>();
  const sources: SourceTaker = { take: null };
  guardConnections(app.server, {
    maxPerAddress: deps.config.httpMaxConnectionsPerIp,
    trustProxy: deps.config.trustProxy,
    bodyWindowMs: deps.config.httpBodyTimeoutSeconds * 1000,
    sources,
    firstBytesMs: deps.config.httpHeadersTimeoutSeconds * 1000,
  });
  const composed = compose({ ...deps, log: app.log });
  const backupsPart = composeBackups({ ...deps, ...composed, log: app.log });
  const statsPart = composeStats(composed, app.log);
  const listeningPort = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? address.port : deps.config.port;
  };
  const webhooksPart = composeWebhooks(composed, app.log, listeningPort, deps.webhookTiming);
  const ctx = {
    ...composed,
    backups: backupsPart.backups,
    stats: statsPart.recorder,
    webhooks: webhooksPart.service,
    webhookSender: webhooksPart.sender,
  };
  app.addHook('onClose', () => ctx.backups.stop());
  app.addHook('onReady', async () => statsPart.start());
  app.addHook('onReady', () => webhooksPart.start());
  app.addHook('onClose', () => webhooksPart.stop());
  // After the station has stopped and its listeners have left: their sessions are written.
  app.addHook('onClose', () => statsPart.stop());
  // DJs' source clients connect to the site's own port (the live mount).
  sources.take = (socket, first) => ctx.liveInput.take(socket, first);
  // The bus built here is closed here (a Redis bus holds two connections); one handed in is
  // its owner's to close.
  if (!deps.bus) app.addHook('onClose', () => ctx.bus.close());
  app.setValidatorCompiler(validatorCompiler);
  // Validating a 500-song answer with zod costs more than building it; handlers are typed
  // against the contract, and the test suites run with validation on.
  app.setSerializerCompiler(
    deps.validateResponses ? serializerCompiler : () => (data) => JSON.stringify(data),
  );
  app.decorateRequest('user', null);
  registerErrorHandler(app);
  registerControlCharacterCheck(app);
  registerHiddenFormattingStrip(app);
  const allowedMethods = trackRouteMethods(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The MP3 may be relayed by Icecast on another origin (ICECAST_PUBLIC_URL).
        mediaSrc: [
          "'self'",
          'blob:',
          ...(deps.config.icecastPublicUrl ? [new URL(deps.config.icecastPublicUrl).origin] : []),
        ],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Text answers of 1 KiB or more go out compressed: brotli at a quality that costs about what
  // gzip does per answer (its top quality takes tens of times longer), else gzip. Audio types
  // are not compressible, so streams, segments and previews go as they are. Request bodies are
  // never decompressed: a small compressed body would be a large one to parse.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  await registerOpenApi(app, deps.config.stationName);
  const { config } = deps;
  await registerRateLimits(
    app,
    limitTable({
      signupsPerHour: config.signupsPerHour,
      loginsPerAddressPerMinute: deps.loginLimits?.perIpPerMinute ?? config.loginsPerMinute,
    }),
    {
      redisUrl: config.redisUrl,
      keyPrefix: config.redisUrl ? stationKeyPrefix({ ...config, redisUrl: config.redisUrl }) : '',
    },
  );

  const metrics = createMetrics(ctx);
  registerHttpMetrics(app, metrics);
  await app.register(metricsRoutes({ metrics, token: config.insight.metricsToken }));
  for (const routes of ctx.routes) await app.register(routes);
  // A playout-only process (ROLES=playout) has no sockets and no site.
  if (config.api) {
    await app.register(liveRoutes(ctx.live.hub));
    await app.register(backupsPart.routes);
    await app.register(statsPart.routes);
    await app.register(webhooksPart.routes);
    const publicUrl = /^https?:\/\//.test(config.stationUrl)
      ? new URL(config.stationUrl).origin
      : null;
    for (const routes of statusRoutes(ctx, publicUrl)) await app.register(routes);
    await registerWebSite(app, deps.config.webDist ?? DEFAULT_WEB_DIST, allowedMethods, {
      meta: ctx.pageMeta,
      stationName: config.stationName,
      publicUrl,
    });
  }
  return Object.assign(app, { ctx });
}
