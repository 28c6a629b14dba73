/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/**
 * The playout lease's term: a number that grows each time another process takes the lease. A
 * leader riding out a database outage compares it with the term the newest leader left at the
 * outputs (a fence), and stops at once when someone took over meanwhile.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('playout_lease')
    .addColumn('term', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('playout_lease').dropColumn('term').execute();
}
