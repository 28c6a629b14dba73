/**
 * bench/auth: how fast accounts answer on this machine.
 * - login: argon2id verification, the deliberate cost of every log-in;
 * - authenticated read: token check + user lookup (`GET /api/user/me`), the cost every
 *   signed-in call pays before its own work.
 * Run: npm run auth -w bench --  [--db sqlite|postgres] [--concurrency 50] [--seconds 5]
 */
import os from 'node:os';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { createTestDatabase } from '../apps/server/test/helpers/test-db.js';
import { percentile, runLoad } from './support/load.js';

const args = new Map(
  process.argv
    .slice(2)
    .flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1]]] : [])),
);
if (args.get('db') === 'postgres') process.env.TEST_DB = 'postgres';
const concurrency = Number(args.get('concurrency') ?? 50);
const seconds = Number(args.get('seconds') ?? 5);

const testDb = await createTestDatabase();
const config = loadConfig({
  DATA_DIR: testDb.dataDir,
  LOG_LEVEL: 'silent',
  ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
});
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateToLatest(database.db);
const app = await buildApp({
  config,
  database,
  loginLimits: { perIpPerMinute: 1e9, freeFailures: 1e9, maxDelaySeconds: 1 },
});

const signup = await app.inject({
  method: 'POST',
  url: '/api/auth/signup',
  payload: { username: 'bench_user', password: 'bench-password' },
});
const { token } = signup.json<{ token: string }>();

console.log(`bench/auth — ${database.engine}, ${os.cpus().length} cores, node ${process.version}`);
for (const [name, request] of [
  [
    'login (argon2id)',
    () =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'bench_user', password: 'bench-password' },
      }),
  ],
  [
    'GET /api/user/me',
    () =>
      app.inject({
        method: 'GET',
        url: '/api/user/me',
        headers: { authorization: `Bearer ${token}` },
      }),
  ],
] as const) {
  const { latencies, count, elapsedMs, errors } = await runLoad(
    async () => (await request()).statusCode === 200,
    { concurrency, seconds },
  );
  console.log(
    `${name.padEnd(20)} concurrency ${concurrency}: ${(count / (elapsedMs / 1000)).toFixed(0)} req/s, ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, errors ${errors}`,
  );
}
await app.close();
await database.close();
await testDb.drop();
