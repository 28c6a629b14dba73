/**
 * The statistics at a year's size: generates a year of minute samples (525,600), 1,000,000
 * listening sessions, 150,000 plays with their listeners, 200,000 votes and 100,000 chat lines
 * on SQLite and on PostgreSQL, runs the rollups as the playout does (the catch-up, a steady
 * minute, the weekly totals), then times every `/api/stats/*` call behind the charts in the real app.
 * Last, recording at 1,000 listeners: the real recorder on SQLite, fed sessions 100 times faster
 * than 1,000 listeners staying 20 minutes end them, its CPU time scaled back to real time.
 *
 *   npm run stats -w bench -- [--db sqlite,postgres] [--iterations 50] [--scale 1] [--data DIR]
 *
 * `--data DIR` keeps the generated year in DIR (and a PostgreSQL database) for later runs, which
 * time the calls over it again at the moment it was generated.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { API } from '@queuecast/contract';
import { sql } from 'kysely';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { seededRandom } from '../apps/server/src/lib/random.js';
import { StatsTotalsRepo } from '../apps/server/src/modules/stats/stats-totals.repo.js';
import { StatsWritesRepo } from '../apps/server/src/modules/stats/stats-writes.repo.js';
import { openStore } from './catalog/databases.js';
import { recordingCost } from './stats/recording-cost.js';
import { loadAverage, printSummary, printTable, type QueryFigures } from './catalog/report.js';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) {
  args.set(process.argv[i]!.replace(/^--/, ''), process.argv[i + 1] ?? '');
}
const engines = (args.get('db') ?? 'sqlite,postgres').split(',');
const iterations = Number(args.get('iterations') ?? 50);
const scale = Number(args.get('scale') ?? 1);
const SIZE = {
  minutes: Math.round(525_600 * scale),
  sessions: Math.round(1_000_000 * scale),
  plays: Math.round(150_000 * scale),
  votes: Math.round(200_000 * scale),
  chat: Math.round(100_000 * scale),
  songs: 2000,
  artists: 500,
  users: 2000,
};
const TARGET_MS = 50;
const pgAdmin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DAY = 86_400;
const BATCH = 500;

async function inBatches<T>(rows: Iterable<T>, write: (batch: T[]) => Promise<void>) {
  let batch: T[] = [];
  for (const row of rows) {
    batch.push(row);
    if (batch.length === BATCH) {
      await write(batch);
      batch = [];
    }
  }
  if (batch.length) await write(batch);
}

/** A year ending now, shaped like a station's: evenings and weekends busier. */
async function generate(app: App, now: number, log: (s: string) => void): Promise<void> {
  const db = app.ctx.db;
  const rnd = seededRandom(7);
  const start = now - 365 * DAY;
  const t0 = performance.now();
  const songs: number[] = [];
  for (let i = 0; i < SIZE.songs; i++) {
    songs.push(
      await app.ctx.services.library.addSong({
        title: `Bench Song ${i}`,
        artists: [{ name: `Bench Artist ${i % SIZE.artists}` }],
        platform: { name: `Platform ${i % 40}` },
        tags: [],
        length: 180,
      }),
    );
  }
  const users: number[] = [];
  for (let i = 0; i < SIZE.users; i++) {
    const row = await app.ctx.repos.users.insert({
      username: `bench_${i}`,
      email: null,
      password_hash: 'x',
      role: 'user',
      created_at: start,
    });
    users.push(row.id);
  }
  log(`catalogue: ${SIZE.songs} songs, ${SIZE.users} listeners in ${s(t0)}`);

  const shape = (t: number) => {
    const d = new Date(t * 1000);
    const evening = d.getUTCHours() >= 18 ? 80 : d.getUTCHours() < 7 ? 10 : 40;
    return Math.round(evening * (d.getUTCDay() % 6 === 0 ? 1.4 : 1) * (0.7 + 0.6 * rnd()));
  };
  let t = performance.now();
  const minuteStart = now - SIZE.minutes * 60;
  await inBatches(
    (function* () {
      for (let i = 0; i < SIZE.minutes; i++) {
        const minute = minuteStart - (minuteStart % 60) + i * 60;
        const n = shape(minute);
        yield {
          minute,
          mp3: Math.round(n * 0.6),
          relay: 0,
          hls: Math.round(n * 0.3),
          sites: Math.round(n * 0.2),
        };
      }
    })(),
    (b) =>
      db
        .insertInto('listener_minutes')
        .values(b)
        .execute()
        .then(() => undefined),
  );
  log(`${SIZE.minutes} minutes in ${s(t)}`);

  t = performance.now();
  const outputs = ['mp3', 'mp3', 'hls'];
  const clients = ['browser', 'browser', 'browser', 'player', 'app', 'bot', 'other'];
  await inBatches(
    (function* () {
      for (let i = 0; i < SIZE.sessions; i++) {
        const ended = start + Math.floor(rnd() * 365 * DAY);
        const duration = Math.floor(-Math.log(1 - rnd() * 0.999) * 1200);
        yield {
          started_at: ended - duration,
          ended_at: ended,
          duration,
          output: outputs[i % 3]!,
          client: clients[Math.floor(rnd() * clients.length)]!,
          visitor: `v${Math.floor(rnd() * 50_000)}`,
        };
      }
    })(),
    (b) =>
      db
        .insertInto('listening_sessions')
        .values(b)
        .execute()
        .then(() => undefined),
  );
  log(`${SIZE.sessions} sessions in ${s(t)}`);

  t = performance.now();
  for (let i = 0; i < SIZE.plays; i += BATCH) {
    const plays = [];
    for (let j = i; j < Math.min(SIZE.plays, i + BATCH); j++) {
      const at = start + Math.floor((j / SIZE.plays) * 365 * DAY);
      const song = songs[Math.floor(rnd() * songs.length)]!;
      const requestedBy = rnd() < 0.3 ? users[Math.floor(rnd() * users.length)]! : null;
      const listeners = shape(at);
      plays.push({
        song,
        at,
        requestedBy,
        listeners,
        end: listeners + Math.round((rnd() - 0.5) * 10),
      });
    }
    const entries = await db
      .insertInto('queue_entries')
      .values(
        plays.map((p) => ({
          song_id: p.song,
          requested_by: p.requestedBy,
          requested_at: p.at - 300,
          state: 'played',
          started_at: p.at,
        })),
      )
      .returning('id')
      .execute();
    await db
      .insertInto('play_history')
      .values(
        plays.map((p, k) => ({
          song_id: p.song,
          queue_id: entries[k]!.id,
          requested_by: p.requestedBy,
          started_at: p.at,
          length: 180,
          listeners_start: p.listeners,
          listeners_end: Math.max(0, p.end),
        })),
      )
      .execute();
  }
  log(`${SIZE.plays} plays in ${s(t)}`);

  t = performance.now();
  const voted = new Set<number>();
  await inBatches(
    (function* () {
      while (voted.size < SIZE.votes) {
        const user = Math.floor(rnd() * users.length);
        const song = Math.floor(rnd() * songs.length);
        const key = user * songs.length + song;
        if (voted.has(key)) continue;
        voted.add(key);
        yield {
          user_id: users[user]!,
          song_id: songs[song]!,
          vote: 1 + Math.floor(rnd() * 5),
          created_at: start + Math.floor(rnd() * 365 * DAY),
        };
      }
    })(),
    (b) =>
      db
        .insertInto('votes')
        .values(b)
        .execute()
        .then(() => undefined),
  );
  await inBatches(
    (function* () {
      for (let i = 0; i < SIZE.chat; i++) {
        yield {
          user_id: users[Math.floor(rnd() * users.length)]!,
          message: 'bench line',
          created_at: start + Math.floor(rnd() * 365 * DAY),
        };
      }
    })(),
    (b) =>
      db
        .insertInto('oneliner_messages')
        .values(b)
        .execute()
        .then(() => undefined),
  );
  log(`${SIZE.votes} votes, ${SIZE.chat} chat lines in ${s(t)}`);
}

const s = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

async function run(engine: string): Promise<QueryFigures[]> {
  const kept = args.get('data');
  const store = await openStore(engine, {
    kept: kept && path.join(kept, engine),
    songs: 0,
    adminUrl: pgAdmin,
    name: `qc_bench_stats_${scale}`.replace('.', '_'),
  });
  const config = loadConfig({
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'silent',
    DEMO_LIBRARY: '0',
    LIVE_FANOUT_PROCESSES: '0',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
  });
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: store.dataDir });
  await migrateToLatest(handle.db);
  const app = await buildApp({ config, database: handle });
  const log = (line: string) => console.log(`  ${engine}: ${line}`);
  try {
    const stamp = path.join(store.dataDir, 'generated-at');
    let now: number;
    if (store.reuse && fs.existsSync(stamp)) {
      now = Number(fs.readFileSync(stamp, 'utf8'));
      log(`reusing the year generated up to ${new Date(now * 1000).toISOString()}`);
    } else {
      now = Math.floor(Date.now() / 1000);
      const t0 = performance.now();
      await generate(app, now, log);
      log(`generated in ${s(t0)}`);
      store.loaded();
      fs.writeFileSync(stamp, String(now));
    }
    const repo = new StatsWritesRepo(app.ctx.db);
    let t = performance.now();
    await repo.rollup(now);
    log(`first rollup (a year's catch-up) in ${s(t)}`);
    t = performance.now();
    await new StatsTotalsRepo(app.ctx.db).rollup(now);
    log(`running totals of the top tables by week (a year's catch-up) in ${s(t)}`);
    // As autovacuum does after inserts: the planner knows the tables' sizes, and an index that
    // holds every column a read needs answers it without the table (the visibility map is set).
    if (engine === 'postgres') await sql`vacuum analyze`.execute(app.ctx.db);
    await repo.recordMinute({ minute: now - (now % 60) + 60, mp3: 5, relay: 0, hls: 1, sites: 1 });
    const steady: number[] = [];
    for (let i = 0; i < 10; i++) {
      t = performance.now();
      await repo.rollup(now + 60);
      steady.push(performance.now() - t);
    }
    steady.sort((a, b) => a - b);
    log(
      `a minute's rollup afterwards: median ${steady[5]!.toFixed(1)} ms, max ${steady[9]!.toFixed(1)} ms`,
    );

    const staff = await app.ctx.repos.users.insert({
      username: `bench_staff_${process.pid}`,
      email: null,
      password_hash: 'x',
      role: 'helper',
      created_at: now,
    });
    const token = await app.ctx.tokens.sign({
      id: staff.id,
      username: staff.username,
      role: 'helper',
      tokenVersion: staff.token_version,
    });
    const range = (days: number) => ({ from: now - days * DAY, to: now });
    const cases: [string, string][] = [
      ['listeners 24 h', API.statsListeners.path(range(1))],
      ['listeners 7 d', API.statsListeners.path(range(7))],
      ['listeners 30 d', API.statsListeners.path(range(30))],
      ['listeners 1 y', API.statsListeners.path(range(365))],
      ['sessions 7 d', API.statsSessions.path(range(7))],
      ['sessions 30 d', API.statsSessions.path(range(30))],
      ['sessions 1 y', API.statsSessions.path(range(365))],
      ['activity 7 d', API.statsActivity.path(range(7))],
      ['activity 1 y', API.statsActivity.path(range(365))],
      ['heatmap 1 y', API.statsHeatmap.path({ ...range(365), tz: 'Europe/Berlin' })],
      ['people 1 y', API.statsPeople.path(range(365))],
      ['csv listeners 1 y', API.statsCsv.path({ ...range(365), panel: 'listeners' })],
      ['csv top songs 1 y', API.statsCsv.path({ ...range(365), panel: 'top_songs' })],
    ];
    for (const kind of ['songs', 'artists', 'platforms'] as const) {
      for (const by of ['plays', 'votes', 'gain'] as const) {
        for (const days of [30, 365]) {
          cases.push([
            `top ${kind} ${by} ${days === 30 ? '30 d' : '1 y'}`,
            API.statsTop.path({ ...range(days), kind, by }),
          ]);
        }
      }
    }
    const loadBefore = loadAverage();
    const figures: QueryFigures[] = [];
    for (const [name, url] of cases) {
      const call = async () => {
        const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
        if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
      };
      for (let i = 0; i < 3; i++) await call();
      const times: number[] = [];
      for (let i = 0; i < iterations; i++) {
        const start = performance.now();
        await call();
        times.push(performance.now() - start);
      }
      figures.push({ name, target: TARGET_MS, times });
    }
    printTable(engine, figures, { iterations, loadBefore, loadAfter: loadAverage() });
    if (engine === 'sqlite') await recordingCost(app, log);
    return figures;
  } finally {
    await app.close();
    await handle.close();
    await store.dispose();
  }
}

console.log(
  `stats bench: node ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} × ${os.cpus().length}, ` +
    `load ${loadAverage()}; ${SIZE.minutes} minutes, ${SIZE.sessions} sessions, ${SIZE.plays} plays, ` +
    `${SIZE.votes} votes, ${SIZE.chat} chat lines; ${iterations} calls each`,
);
const byEngine = new Map<string, QueryFigures[]>();
for (const engine of engines) byEngine.set(engine, await run(engine));
printSummary(byEngine);
