// `npm test`: every suite. Unit and server suites on SQLite, the server suite again on
// PostgreSQL, then the browser suite in Chromium against the built station.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { root } from './build-state.mjs';
import { ensureBuilt } from './ensure-built.mjs';

const results = path.join(root, '.vitest-results');
fs.rmSync(results, { recursive: true, force: true });
fs.mkdirSync(results, { recursive: true });
const strict = process.env.CI === 'true' || process.env.CI === '1';
const pgUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const summary = [];
let failed = false;

function run(label, command, args, options = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) failed = true;
  return result.status === 0;
}

/** A failing test's file, name and the first lines of its error, for the summary. */
const failures = [];

function vitestCounts(label, file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  for (const suite of r.testResults ?? []) {
    const where = path.relative(root, suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) {
      const error = (t.failureMessages ?? []).join('\n').split('\n').slice(0, 6).join('\n    ');
      failures.push(`${label}: ${where} > ${t.fullName}\n    ${error}`);
    }
    if (failedTests.length === 0 && suite.status === 'failed') {
      failures.push(`${label}: ${where}\n    ${String(suite.message ?? '').slice(0, 600)}`);
    }
  }
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests };
}

function vitest(label, env, extraArgs) {
  const out = path.join(results, `${label}.json`);
  run(
    label,
    'npx',
    [
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${out}`,
      ...extraArgs,
    ],
    {
      env: { ...process.env, ...env },
    },
  );
  summary.push([label, fs.existsSync(out) ? vitestCounts(label, out) : null]);
}

async function postgresReachable() {
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

ensureBuilt();
vitest('unit+server (SQLite)', { TEST_DB: 'sqlite' }, []);

if (await postgresReachable()) {
  vitest('server (PostgreSQL)', { TEST_DB: 'postgres', TEST_PG_URL: pgUrl }, [
    '--project',
    'server*',
  ]);
} else {
  console.log(`\nPostgreSQL is not reachable at ${pgUrl} (set TEST_PG_URL).`);
  summary.push(['server (PostgreSQL)', null]);
  if (strict) failed = true;
}

if (fs.existsSync(chromium)) {
  run('browser (Chromium)', 'npx', ['playwright', 'test'], {
    cwd: path.join(root, 'e2e'),
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  });
  const file = path.join(results, 'e2e.json');
  if (fs.existsSync(file)) {
    const s = JSON.parse(fs.readFileSync(file, 'utf8')).stats;
    summary.push([
      'browser (Chromium)',
      { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped },
    ]);
  } else summary.push(['browser (Chromium)', null]);
} else {
  console.log(
    `\nChromium not found at ${chromium}: apt-get install chromium (or set CHROMIUM_PATH).`,
  );
  summary.push(['browser (Chromium)', null]);
  if (strict) failed = true;
}

if (failures.length > 0) console.log(`\n=== failed ===\n${failures.join('\n')}`);
console.log('\n=== summary ===');
const total = { passed: 0, failed: 0, skipped: 0 };
for (const [label, counts] of summary) {
  if (!counts) {
    console.log(`${label}: did not run`);
    continue;
  }
  for (const k of Object.keys(total)) total[k] += counts[k] ?? 0;
  console.log(
    `${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`,
  );
}
if (total.failed > 0) failed = true;
console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(failed ? 1 : 0);
