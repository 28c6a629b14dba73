/**
 * bench/catalog: catalogue pages at scale. Generates N songs (default 1,000,000; artists N/10,
 * 50 platforms, 2,000 tags, about 5 tags each) into SQLite and PostgreSQL, then times the
 * API answers a page makes (through the real app, in process): search, song detail, an artist
 * letter (as kept, and rebuilt after its stamp moved), a platform page (500 songs), one tag
 * page, a two-tag intersection.
 * Each query's p95 is printed beside its target, with the load average around the timing.
 * Before each query's timing the database is read into the kernel's page cache (see
 * catalog/databases.ts), so that the figures are of the queries, not of a disk.
 * Run: npm run catalog -w bench -- [--songs 1000000] [--db sqlite|postgres|both] [--iterations 200]
 *   [--data DIR] (keeps the generated catalogues between runs: see catalog/databases.ts)
 * With both engines, each is timed in a child process of its own (see `inOwnProcess`).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/database.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { openStore } from './catalog/databases.js';
import { loadPostgres, loadSqlite } from './catalog/load.js';
import { loadAverage, printSummary, printTable, type QueryFigures } from './catalog/report.js';

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

async function run(engine: string): Promise<QueryFigures[]> {
  // --data DIR keeps the generated catalogue (SQLite file, PostgreSQL database) between runs.
  const store = await openStore(engine, {
    kept: args.get('data'),
    songs: songCount,
    adminUrl: pgAdmin,
  });
  const { dataDir, reuse } = store;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: store.databaseUrl,
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir });
  // A reused catalogue gets the migrations written since it was loaded; autovacuum would then
  // clean up after one that rewrote rows, as a fresh load is cleaned up before timing.
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0 && engine === 'postgres') {
    const client = new pg.Client(store.databaseUrl);
    await client.connect();
    await client.query('vacuum analyze');
    await client.end();
  }
  console.log(`\n${engine}: ${reuse ? 'reusing' : 'loading'} ${songCount} songs`);
  const t0 = performance.now();
  await database.close();
  if (!reuse && engine === 'sqlite') {
    await loadSqlite(path.join(dataDir, 'queuecast.db'), size, log);
  } else if (!reuse) {
    await loadPostgres(store.databaseUrl, size, log);
  }
  store.loaded();
  console.log(
    `  ${reuse ? 'opened' : 'loaded'} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

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
  // A letter's answer is kept until its stamp moves: moving it first times the build itself.
  let letter = 'A';
  const restamp = async () => {
    await handle.db
      .insertInto('artist_letter_stamps')
      .values({ letter, stamp: 1 })
      .onConflict((oc) =>
        oc
          .column('letter')
          .doUpdateSet((eb) => ({ stamp: eb('artist_letter_stamps.stamp', '+', 1) })),
      )
      .execute();
  };
  // name, URL maker, p95 target in ms (none for the pages without one), work before each
  // request that is not timed.
  const cases: [string, () => string, number | undefined, (() => Promise<void>)?][] = [
    ['search', () => `/api/search?q=${encodeURIComponent(pick(words))}`, 10],
    ['song detail', () => `/api/song/${1 + Math.floor(rnd() * size.songs)}`, 5],
    ['artist letter', () => `/api/artists/${pick(letters)}`, 20],
    ['artist letter, rebuilt', () => `/api/artists/${(letter = pick(letters))}`, 20, restamp],
    [
      'platform page (500)',
      () => `/api/platforms/${encodeURIComponent(`Platform ${1 + Math.floor(rnd() * 10)}`)}`,
      undefined,
    ],
    ['tag page (500)', () => `/api/tags/${tag(1 + Math.floor(rnd() * 100))}`, undefined],
    [
      'two-tag intersection',
      () => `/api/tags/${tag(1 + Math.floor(rnd() * 30))},${tag(31 + Math.floor(rnd() * 30))}`,
      20,
    ],
  ];
  const figures: QueryFigures[] = [];
  const loadBefore = loadAverage();
  // Every letter once first: the kept answers are what the "artist letter" row times.
  for (const l of letters) await app.inject({ method: 'GET', url: `/api/artists/${l}` });
  const warmS: number[] = [];
  for (const [name, url, target, before] of cases) {
    warmS.push(await store.warm());
    for (let i = 0; i < 5; i++) await app.inject({ method: 'GET', url: url() });
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const u = url();
      await before?.();
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: u });
      times.push(performance.now() - start);
      if (res.statusCode !== 200)
        throw new Error(`${u}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    figures.push({ name, target, times });
  }
  printTable(engine, figures, { iterations, loadBefore, loadAfter: loadAverage() });
  console.log(
    `  the database was read into the page cache before each case: ` +
      `${warmS.map((s) => s.toFixed(1)).join(', ')} s`,
  );
  await app.close();
  await handle.close();
  await store.dispose();
  return figures;
}

/**
 * Each engine is timed in a process of its own, as a station runs on one: timed after the
 * other in the same process, an engine's figures carried the other's heap and the code V8 had
 * optimised for the other's row shapes (PostgreSQL's two-tag p95 was 3-5 ms higher after
 * SQLite's run than alone). The child writes its figures to `--figures FILE`.
 */
async function inOwnProcess(engine: string): Promise<QueryFigures[]> {
  const file = path.join(os.tmpdir(), `qc-bench-catalog-${process.pid}-${engine}.json`);
  const argv = process.argv.slice(2).filter((a, i, all) => a !== '--db' && all[i - 1] !== '--db');
  const child = spawn(
    process.execPath,
    [...process.execArgv, process.argv[1]!, ...argv, '--db', engine, '--figures', file],
    { stdio: 'inherit' },
  );
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`bench/catalog on ${engine} exited with ${code}`);
  const figures = JSON.parse(fs.readFileSync(file, 'utf8')) as QueryFigures[];
  fs.rmSync(file);
  return figures;
}

const figuresFile = args.get('figures');
if (figuresFile) {
  fs.writeFileSync(figuresFile, JSON.stringify(await run(engines[0]!)));
} else {
  console.log(
    `bench/catalog — ${songCount} songs, ${size.artists} artists, ${size.platforms} platforms, ` +
      `${size.tags} tags (about ${size.tagsPerSong} a song); ${os.cpus().length} cores, ` +
      `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}` +
      (engines.length > 1 ? '; each engine in a process of its own' : ''),
  );
  const results = new Map<string, QueryFigures[]>();
  for (const engine of engines) {
    results.set(engine, engines.length > 1 ? await inOwnProcess(engine) : await run(engine));
  }
  printSummary(results);
}
