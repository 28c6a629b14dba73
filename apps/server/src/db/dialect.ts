/* eslint-disable @typescript-eslint/no-explicit-any -- works on any schema */
import { SqliteAdapter, type Kysely } from 'kysely';

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
