import { afterAll } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { WebhookTiming } from '../../src/compose-webhooks.js';
import { openDatabase } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import type { Clock } from '../../src/core/clock.js';
import type { LoginLimits } from '../../src/modules/auth/auth.service.js';
import { createTestDatabase } from './test-db.js';

const cleanups: (() => Promise<void>)[] = [];

// Registered when a test file imports this helper, so it runs after that file's tests.
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestAppOptions {
  env?: Record<string, string>;
  loginLimits?: LoginLimits;
  /** The time the rules see; the system clock when not given. */
  clock?: Clock;
  /** Every log line, at every level, written here (JSON lines) instead of nowhere. */
  logTo?: { write(line: string): void };
  /** Shorter webhook retries and timeouts. */
  webhookTiming?: WebhookTiming;
}

/**
 * The real app on a real database of its own (SQLite or PostgreSQL per TEST_DB), migrated,
 * closed and dropped after the file's tests.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<App> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    DEMO_LIBRARY: '0',
    // Test files sign many listeners up from one address; the limit has its own tests.
    SIGNUP_PER_HOUR: '1000000',
    WEB_DIST: `${testDb.dataDir}/no-web`,
    // In-process live sockets; live.test.ts runs the fan-out processes too.
    LIVE_FANOUT_PROCESSES: '0',
    // MP3 listeners in this process too; mp3-icy.test.ts runs the listener processes.
    MP3_PROCESSES: '0',
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    ...options.env,
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const app = await buildApp({
    config,
    database,
    ...(options.logTo ? { logger: { level: 'trace', stream: options.logTo } } : {}),
    loginLimits: options.loginLimits,
    clock: options.clock,
    validateResponses: true,
    webhookTiming: options.webhookTiming,
  });
  const undeclared = auditDeclaredStatuses(app);
  cleanups.push(async () => {
    if (undeclared.size > 0) {
      throw new Error(
        `routes answered statuses their schema does not declare: ${[...undeclared].join(', ')}`,
      );
    }
    await app.close();
    await database.close();
    await testDb.drop();
  });
  return app;
}

/**
 * Every status a route answers must be declared in its response schema (and so in the OpenAPI
 * document): collected over the file's tests, checked when the file ends.
 */
function auditDeclaredStatuses(app: App): Set<string> {
  const undeclared = new Set<string>();
  app.addHook('onResponse', async (req, reply) => {
    const schema = req.routeOptions.schema;
    if (!schema || schema.hide || !req.routeOptions.url) return;
    const declared = (schema.response ?? {}) as Record<string, unknown>;
    const code = String(reply.statusCode);
    if (!(code in declared) && !(`${code[0]}xx` in declared) && !('default' in declared)) {
      undeclared.add(`${req.method} ${req.routeOptions.url} ${code}`);
    }
  });
  return undeclared;
}
