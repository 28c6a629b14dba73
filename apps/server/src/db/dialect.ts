/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */
import { SqliteAdapter, sql, type Kysely, type RawBuilder } from 'kysely';

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
 * The ids as one bound parameter, for `column in (…)`: a subquery over a JSON array (SQLite) or
 * an unnested array (PostgreSQL). The statement's text is then the same for any number of ids,
 * so SQLite keeps one prepared statement for every list length and PostgreSQL plans one
 * parameter instead of one per id.
 */
export function idList(engine: Engine, ids: readonly number[]): RawBuilder<number> {
  return engine === 'sqlite'
    ? sql<number>`(select value from json_each(${JSON.stringify(ids)}))`
    : sql<number>`(select unnest(${ids}::int4[]))`;
}
