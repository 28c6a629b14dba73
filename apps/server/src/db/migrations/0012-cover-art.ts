/* eslint-disable @typescript-eslint/no-explicit-any -- migrations run before the schema exists */
import type { Kysely } from 'kysely';

/**
 * A song's cover art, as extracted from its audio file at import or upload: the art store's
 * file name `<content hash>.<ext>` (the image's SHA-256), or null for a song without art.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').addColumn('cover_art', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('songs').dropColumn('cover_art').execute();
}
