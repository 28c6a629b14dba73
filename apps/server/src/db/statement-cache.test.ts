import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { keepStatements } from './statement-cache.js';

describe('kept SQLite statements', () => {
  it('prepares a text once, keeps at most `max`, and follows schema changes', async () => {
    const sqlite = new SqliteDatabase(':memory:');
    const kept = keepStatements(sqlite, 2);
    const a = kept.prepare('select 1 as x');
    expect(kept.prepare('select 1 as x')).toBe(a);
    kept.prepare('select 2 as x');
    kept.prepare('select 3 as x'); // the least recently used, 'select 1', goes
    expect(kept.prepare('select 3 as x')).toBe(kept.prepare('select 3 as x'));
    expect(kept.prepare('select 1 as x')).not.toBe(a);

    const db = new Kysely<Record<string, never>>({
      dialect: new SqliteDialect({ database: keepStatements(sqlite) }),
    });
    await sql`create table t (a integer)`.execute(db);
    await sql`insert into t (a) values (1)`.execute(db);
    const all = () => sql<Record<string, unknown>>`select * from t`.execute(db);
    expect((await all()).rows).toEqual([{ a: 1 }]);
    await sql`alter table t add column b text default 'x'`.execute(db);
    expect((await all()).rows).toEqual([{ a: 1, b: 'x' }]);
    await db.destroy();
  });
});
