import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.js';
import { nameStatements } from '../src/db/pg-statements.js';
import { createTestDatabase, TEST_ENGINE, type TestDatabase } from './helpers/test-db.js';

describe.skipIf(TEST_ENGINE !== 'postgres')('named PostgreSQL statements', () => {
  let testDb: TestDatabase;
  let pool: pg.Pool;
  let db: Kysely<Record<string, never>>;

  /** The statements prepared on the pool's one connection, by name. */
  const prepared = async () => {
    const { rows } = await sql<{
      name: string;
      statement: string;
    }>`select name, statement from pg_prepared_statements order by name`.execute(db);
    return new Map(rows.map((r) => [r.name, r.statement]));
  };

  beforeAll(async () => {
    testDb = await createTestDatabase();
    // One connection, so that what it has prepared can be read back.
    pool = new pg.Pool({ connectionString: testDb.databaseUrl, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: nameStatements(pool, 3) }) });
    await sql`create table t (a int4 primary key)`.execute(db);
    await sql`insert into t values (1), (2), (3)`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    await testDb.drop();
  });

  it('prepares a repeated text once, under one name, and answers as before', async () => {
    const one = (a: number) => sql<{ a: number }>`select a from t where a = ${a}`.execute(db);
    expect((await one(2)).rows).toEqual([{ a: 2 }]);
    expect((await one(3)).rows).toEqual([{ a: 3 }]);
    const ids = (list: number[]) =>
      sql<{ a: number }>`select a from t where a = any(${list}::int4[]) order by a`.execute(db);
    expect((await ids([1, 3])).rows).toEqual([{ a: 1 }, { a: 3 }]);
    expect((await ids([2])).rows).toEqual([{ a: 2 }]);
    const named = await prepared();
    expect([...named.values()]).toEqual([
      'select a from t where a = $1',
      'select a from t where a = any($1::int4[]) order by a',
    ]);
  });

  it('leaves texts without parameters, lists spelled out and texts past the limit unnamed', async () => {
    const before = await prepared();
    await sql`select count(*) from t`.execute(db);
    const many = Array.from({ length: 40 }, (_, i) => i);
    const spelled = await sql<{
      a: number;
    }>`select a from t where a in (${sql.join(many)})`.execute(db);
    expect(spelled.rows).toHaveLength(3);
    expect(await prepared()).toEqual(before);
    // The third name is the last one given (the limit is 3 here).
    await sql`select a + ${1} as b from t where a = ${1}`.execute(db);
    await sql`select a + ${2} as c from t where a = ${2}`.execute(db);
    const after = await prepared();
    expect(after.size).toBe(3);
    expect([...after.values()]).toContain('select a + $1 as b from t where a = $2');
    expect([...after.values()]).not.toContain('select a + $1 as c from t where a = $2');
  });

  it('runs a statement again when its table changed shape under it', async () => {
    const other = new Kysely<Record<string, never>>({
      dialect: new PostgresDialect({
        pool: nameStatements(new pg.Pool({ connectionString: testDb.databaseUrl, max: 1 })),
      }),
    });
    try {
      const all = () => sql<Record<string, unknown>>`select * from t where a = ${1}`.execute(other);
      expect((await all()).rows).toEqual([{ a: 1 }]);
      await sql`alter table t add column b text default 'x'`.execute(db);
      expect((await all()).rows).toEqual([{ a: 1, b: 'x' }]);
      expect((await all()).rows).toEqual([{ a: 1, b: 'x' }]);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int4 as n from pg_prepared_statements`.execute(other);
      // Prepared again under a new name, beside the one whose plan went stale.
      expect(rows).toEqual([{ n: 2 }]);
    } finally {
      await other.destroy();
    }
  });

  it('are what the station opens by default, and can be turned off', async () => {
    for (const namedStatements of [undefined, false]) {
      const handle = openDatabase({
        databaseUrl: testDb.databaseUrl,
        dataDir: testDb.dataDir,
        ...(namedStatements === undefined ? {} : { namedStatements }),
      });
      try {
        // One query at a time: the pool opens one connection and reuses it.
        for (const a of [1, 2]) await sql`select a from t where a = ${a}`.execute(handle.db);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(handle.db);
        expect(rows.map((r) => r.statement)).toEqual(
          namedStatements === false ? [] : ['select a from t where a = $1'],
        );
      } finally {
        await handle.close();
      }
    }
  });
});
