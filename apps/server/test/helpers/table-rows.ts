import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';

/**
 * Every row of every table of `db` (the migrations' own included), each table's rows as JSON in
 * one order: two databases compare equal when they hold the same data.
 */
export async function tableRows(db: Db): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const found: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await sql<object>`select * from ${sql.table(table.name)}`.execute(db);
    found[table.name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return found;
}
