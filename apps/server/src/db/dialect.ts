/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */
import { SqliteAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from 'kysely';

export type Engine = 'sqlite' | 'postgres';

export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
}

/** Unique-constraint violations look different on each engine. */
export function isUniqueViolation(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const code = (err as { code?: unknown }).code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/**
 * `column` is one of `ids`, the ids bound as one parameter: a subquery over a JSON array
 * (SQLite) or `= any` of an array (PostgreSQL). The statement's text is then the same for any
 * number of ids, so SQLite keeps one prepared statement for every list length and PostgreSQL
 * plans one parameter instead of one per id. PostgreSQL walks an index once for the whole
 * array with `= any`, where `in (select unnest(…))` probes it once per id and sorts the join
 * again (about twice as long for a page of 100 songs).
 */
export function idIn(engine: Engine, column: string, ids: readonly number[]): RawBuilder<SqlBool> {
  return engine === 'sqlite'
    ? sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
    : sql<SqlBool>`${sql.ref(column)} = any(${ids}::int4[])`;
}
