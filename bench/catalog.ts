/**
 * bench/catalog: catalogue pages at scale. Generates N songs (default 1,000,000; artists N/10,
 * 50 platforms, 2,000 tags, about 5 tags each) into SQLite and PostgreSQL, then times the
 * API answers a page makes (through the real app, in process): search, song detail, an artist
 * letter, a platform page (500 songs), one tag page, a two-tag intersection.
 * Run: npm run catalog -w bench -- [--songs 1000000] [--db sqlite|postgres|both] [--iterations 200]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { loadPostgres, loadSqlite } from './catalog/load.js';
import { percentile } from './support/load.js';

const args = new Map(
  process.argv
    .slice(2)
    .flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1] ?? '']] : [])),
);
const songCount = Number(args.get('songs') ?? 1_000_000);
const engines = (args.get('db') ?? 'both') === 'both' ? ['sqlite', 'postgres'] : [args.get('db')!];
const iterations = Number(args.get('iterations') ?? 200);
const size = {
  songs: songCount,
  artists: Math.max(10, Math.round(songCount / 10)),
  platforms: 50,
  tags: Math.min(2000, Math.max(20, Math.round(songCount / 500))),
  tagsPerSong: 5,
};
const pgAdmin = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const log = (s: string) => console.log(`  ${s}`);

function rng(seed: number) {
  let a = seed;
  return () => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
}

async function run(engine: string) {
  // --data DIR keeps a generated SQLite catalogue between runs (loaded once, reused after).
  const kept = args.get('data');
  const dataDir = kept ?? fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-bench-'));
  const reuse =
    engine === 'sqlite' && kept !== undefined && fs.existsSync(path.join(kept, 'queuecast.db'));
  let databaseUrl: string | undefined;
  const dbName = `qc_bench_${process.pid}`;
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName}`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(pgAdmin);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl ?? '',
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  await migrateToLatest(database.db);
  console.log(`\n${engine}: ${reuse ? 'reusing' : 'loading'} ${songCount} songs`);
  const t0 = performance.now();
  if (reuse) {
    await database.close();
  } else if (engine === 'sqlite') {
    await database.close();
    await loadSqlite(path.join(dataDir, 'queuecast.db'), size, log);
  } else {
    await loadPostgres(databaseUrl!, size, log);
    await database.close();
  }
  console.log(`  loaded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  const app = await buildApp({ config, database: handle });
  const rnd = rng(42);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const words = [
    'neo',
    'amiga',
    'cop',
    'rast',
    'dream',
    'sun',
    'crystal vel',
    'night',
    'orbit pu',
    'élan',
  ];
  const letters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
  const tag = (rank: number) => `tag${String(rank).padStart(4, '0')}`;
  const cases: [string, () => string][] = [
    ['search', () => `/api/search?q=${encodeURIComponent(pick(words))}`],
    ['song detail', () => `/api/song/${1 + Math.floor(rnd() * size.songs)}`],
    ['artist letter', () => `/api/artists/${pick(letters)}`],
    [
      'platform page (500)',
      () => `/api/platforms/${encodeURIComponent(`Platform ${1 + Math.floor(rnd() * 10)}`)}`,
    ],
    ['tag page (500)', () => `/api/tags/${tag(1 + Math.floor(rnd() * 100))}`],
    [
      'two-tag intersection',
      () => `/api/tags/${tag(1 + Math.floor(rnd() * 30))},${tag(31 + Math.floor(rnd() * 30))}`,
    ],
  ];
  console.log(
    `  ${'query'.padEnd(22)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  (n=${iterations})`,
  );
  for (const [name, url] of cases) {
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: url() });
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const u = url();
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: u });
      times.push(performance.now() - start);
      if (res.statusCode !== 200)
        throw new Error(`${u}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    const f = (p: number) => percentile(times, p).toFixed(2).padStart(8);
    console.log(`  ${name.padEnd(22)} ${f(50)} ${f(95)} ${f(99)}`);
  }
  await app.close();
  await handle.close();
  if (engine === 'postgres') {
    const admin = new pg.Client({ connectionString: pgAdmin });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  if (!kept) fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `bench/catalog — ${songCount} songs, ${size.artists} artists, ${size.platforms} platforms, ${size.tags} tags; ` +
    `${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
for (const engine of engines) await run(engine);
