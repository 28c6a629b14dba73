import type { Tweak } from '@queuecast/contract';
import type { Db } from '../../db/database.js';

/** What staff change on songs. */
export class CurationRepo {
  constructor(private readonly db: Db) {}

  /** A song's length and current tweaks, or undefined. */
  tweakable(songId: number, db: Db = this.db) {
    return db
      .selectFrom('songs')
      .select(['id', 'title', 'length', 'h_length', 'h_skip', 'h_fadeout'])
      .where('id', '=', songId)
      .executeTakeFirst();
  }

  async saveTweak(songId: number, tweak: Tweak, db: Db = this.db): Promise<void> {
    await db.updateTable('songs').set(tweak).where('id', '=', songId).execute();
  }
}
