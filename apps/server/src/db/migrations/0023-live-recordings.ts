/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';
import { REAL } from './columns.js';

/**
 * Recordings of live shows: the MP3 as broadcast, under `DATA_DIR` (`recording`: its path
 * there), with its length and size; cleared, with the file, once older than
 * RECORDINGS_KEEP_DAYS. Listed newest first by the shows' start (live_sessions_started).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_sessions').addColumn('recording', 'text').execute();
  await db.schema.alterTable('live_sessions').addColumn('recording_seconds', REAL).execute();
  await db.schema.alterTable('live_sessions').addColumn('recording_bytes', 'bigint').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('live_sessions').dropColumn('recording_bytes').execute();
  await db.schema.alterTable('live_sessions').dropColumn('recording_seconds').execute();
  await db.schema.alterTable('live_sessions').dropColumn('recording').execute();
}
