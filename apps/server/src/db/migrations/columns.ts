/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import { sql, type CreateTableBuilder, type Kysely } from 'kysely';
import { engineOf } from '../dialect.js';

/** An auto-increment integer primary key on either engine. */
export function withId<T extends string>(
  db: Kysely<any>,
  table: CreateTableBuilder<T, never>,
): CreateTableBuilder<T, 'id'> {
  return engineOf(db) === 'sqlite'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity());
}

/** Epoch seconds: 64-bit on PostgreSQL so it outlives 2038. */
export const SECONDS = 'bigint' as const;
export const REAL = 'double precision' as const;

export async function createExpressionIndex(
  db: Kysely<any>,
  name: string,
  table: string,
  expression: string,
  unique = false,
): Promise<void> {
  await sql
    .raw(`create ${unique ? 'unique ' : ''}index ${name} on ${table} (${expression})`)
    .execute(db);
}
