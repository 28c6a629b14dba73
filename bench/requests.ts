/**
 * bench/requests: how many song requests per second `POST /api/song/{id}` sustains with many
 * listeners at once, every rule checked in its transaction (limit, lock window, cooldown, one
 * waiting entry per song). Two runs through the real app (in process, `inject`):
 * - accepting: the limit and the cooldown opened wide, so nearly every request is queued (an
 *   insert, the live update's rebuild);
 * - station rules: QUEUE_LIMIT 2, REQUEST_COOLDOWN_S 10: what a crowd mostly gets is a refusal.
 * Run: npm run requests -w bench -- [--db sqlite|postgres] [--users 200] [--songs 20000] [--seconds 10]
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
const users = Number(args.get('users') ?? 200);
const songCount = Number(args.get('songs') ?? 20_000);
const seconds = Number(args.get('seconds') ?? 10);
const now = Math.floor(Date.now() / 1000);

async function run(name: string, env: Record<string, string>): Promise<void> {
  const testDb = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: testDb.dataDir,
    LOG_LEVEL: 'silent',
    STATION: '0',
    ...(testDb.databaseUrl ? { DATABASE_URL: testDb.databaseUrl } : {}),
    ...env,
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const app = await buildApp({ config, database });
  const db = app.ctx.db;

  for (let start = 0; start < songCount; start += 1000) {
    const n = Math.min(1000, songCount - start);
    const rows = await db
      .insertInto('songs')
      .values(
        Array.from({ length: n }, (_, i) => ({
          title: `Song ${start + i}`,
          length: 180,
          status: 'active',
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('files')
      .values(
        rows.map((r) => ({
          filename: `${r.id}.mp3`,
          stored_path: `bench/${r.id}.mp3`,
          size: 1,
          content_hash: `bench-${r.id}`,
          duration: 180,
          format: 'mp3',
          song_id: r.id,
          uploaded_by: null,
          created_at: now,
        })),
      )
      .execute();
  }
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const row = await app.ctx.repos.users.insert({
      username: `listener${i}`,
      email: null,
      password_hash: 'bench',
      role: 'user',
      created_at: now,
    });
    tokens.push(
      await app.ctx.tokens.sign({
        id: row.id,
        username: row.username,
        role: 'user',
        tokenVersion: row.token_version,
      }),
    );
  }

  const codes = new Map<number, number>();
  let next = 0;
  const { latencies, count, elapsedMs } = await runLoad(
    async () => {
      const token = tokens[next++ % tokens.length]!;
      const songId = 1 + Math.floor(Math.random() * songCount);
      const res = await app.inject({
        method: 'POST',
        url: `/api/song/${songId}`,
        headers: { authorization: `Bearer ${token}` },
      });
      codes.set(res.statusCode, (codes.get(res.statusCode) ?? 0) + 1);
      return res.statusCode < 500;
    },
    { concurrency: users, seconds },
  );
  const answers = [...codes]
    .sort((a, b) => a[0] - b[0])
    .map(([code, n]) => `${code}×${n}`)
    .join(' ');
  console.log(
    `${name.padEnd(14)} ${(count / (elapsedMs / 1000)).toFixed(0).padStart(6)} req/s` +
      `  (${((codes.get(200) ?? 0) / (elapsedMs / 1000)).toFixed(0)} queued/s)` +
      `  p50 ${percentile(latencies, 50).toFixed(1)} ms  p99 ${percentile(latencies, 99).toFixed(1)} ms` +
      `  answers ${answers}`,
  );
  await app.close();
  await database.close();
  await testDb.drop();
}

console.log(
  `bench/requests — ${process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite'}, ${users} concurrent listeners, ` +
    `${songCount} songs, ${seconds} s per run; ${os.cpus().length} cores, node ${process.version}`,
);
await run('accepting', { QUEUE_LIMIT: '1000000', REQUEST_COOLDOWN_S: '0' });
await run('station rules', { QUEUE_LIMIT: '2', REQUEST_COOLDOWN_S: '10' });
