import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.js';
import { isDatabaseUnreachable } from '../src/db/unreachable.js';
import { PG_URL, postgresReachable, SERVICES_REQUIRED as strict } from './helpers/services.js';
import { startTcpCut, throughCut, type TcpCut } from './helpers/tcp-cut.js';
import { TEST_ENGINE } from './helpers/test-db.js';

/*
 * A PostgreSQL connection reset while a query runs on it (a restart, a network blip): the query
 * fails as "unreachable", nothing else happens to the process (a client's 'error' event that
 * nobody heard would end it), and the next query after the database is back succeeds.
 */

const onPostgres = TEST_ENGINE === 'postgres';
const skip = !onPostgres || (!(await postgresReachable()) && !strict);

let cut: TcpCut;
let handle: DatabaseHandle;
const uncaught: unknown[] = [];
const hear = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  if (skip) return;
  const target = new URL(PG_URL);
  cut = await startTcpCut({ host: target.hostname, port: Number(target.port || 5432) });
  handle = openDatabase({ databaseUrl: throughCut(PG_URL, cut), dataDir: '/nonexistent' });
  process.on('uncaughtException', hear);
});

afterAll(async () => {
  process.off('uncaughtException', hear);
  await handle?.close();
  await cut?.close();
});

describe.skipIf(skip)('a PostgreSQL connection reset mid-query', () => {
  it('fails the queries in flight, not the process; the pool heals once the database is back', async () => {
    const select = (ms: number) => sql`select pg_sleep(${ms / 1000}) as slept`.execute(handle.db);
    await select(0);
    // Queries in flight on several clients, and one inside a transaction.
    const inFlight = [
      select(3000),
      select(3000),
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1`.execute(trx);
        await sql`select pg_sleep(3)`.execute(trx);
      }),
    ].map((p) =>
      p.then(
        () => 'answered',
        (err: unknown) => (isDatabaseUnreachable(err) ? 'unreachable' : String(err)),
      ),
    );
    await new Promise((r) => setTimeout(r, 300));
    cut.cut();
    expect(await Promise.all(inFlight)).toEqual(['unreachable', 'unreachable', 'unreachable']);
    await new Promise((r) => setTimeout(r, 200));
    expect(uncaught).toEqual([]);

    cut.restore();
    const rows = await select(0);
    expect(rows.rows).toHaveLength(1);
  });
});
