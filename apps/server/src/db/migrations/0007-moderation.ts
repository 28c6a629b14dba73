/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { SECONDS, withId } from './columns.js';

/**
 * Chat moderation: a mute per user (until when), the chat settings staff set (slow mode, word
 * filter) as one JSON value per key, and the log of every staff action.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').addColumn('muted_until', SECONDS).execute();
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable('moderation_log'))
    .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', SECONDS, (c) => c.notNull())
    .execute();
  // Slow mode reads a user's latest message.
  await db.schema
    .createIndex('oneliner_user_time')
    .on('oneliner_messages')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('oneliner_user_time').execute();
  await db.schema.dropTable('moderation_log').execute();
  await db.schema.dropTable('settings').execute();
  await db.schema.alterTable('users').dropColumn('muted_until').execute();
}
