/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { SECONDS } from './columns.js';

/**
 * Blocks between listeners: the blocker gets no private messages from the blocked user and
 * does not find them in the inbox's user search. The key serves "has A blocked B".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_blocks')
    .addColumn('blocker_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .addPrimaryKeyConstraint('user_blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('user_blocks').execute();
}
