import type { Database as BetterSqlite, Statement } from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** What a rollback runs when SQLite has already ended the transaction: nothing. */
const NO_TRANSACTION = {
  reader: false,
  run: () => ({ changes: 0, lastInsertRowid: 0 }),
  all: () => [],
  iterate: () => [][Symbol.iterator](),
} as unknown as Statement;

/** Distinct statements kept prepared; the least recently used goes first. */
export const STATEMENTS_KEPT = 500;

/**
 * The SQLite connection as Kysely sees it, with its prepared statements kept by SQL text.
 * Kysely prepares each query it runs; for a list page's `where id in (…100 ids…)` parsing and
 * planning the statement costs as much as running it. The same text comes back with every
 * request, so it is prepared once. SQLite prepares a kept statement again by itself when the
 * schema changes. Safe because nothing holds a statement between calls: Kysely runs each to
 * the end (all or run) before the next starts, and streams are not used.
 */
export function keepStatements(sqlite: BetterSqlite, max = STATEMENTS_KEPT): SqliteDatabase {
  const kept = new Map<string, Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      // SQLite rolls a transaction back by itself on some errors (a full disk, an I/O error):
      // Kysely's own rollback then finds none, and its error would hide the one that counts.
      if (text === 'rollback' && !sqlite.inTransaction) return NO_TRANSACTION;
      let statement = kept.get(text);
      if (statement) {
        // Most recently used last.
        kept.delete(text);
      } else {
        statement = sqlite.prepare(text);
        if (kept.size >= max) kept.delete(kept.keys().next().value!);
      }
      kept.set(text, statement);
      return statement;
    },
  };
}
