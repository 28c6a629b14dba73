import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A DJ's account as the source check reads it. */
export interface DjAccount {
  id: number;
  username: string;
  dj: boolean;
  streamKey: string | null;
  bannedUntil: number | null;
  /** May go on air at any time, not only in their scheduled shows. */
  anytime: boolean;
}

/** The DJ columns of accounts: the permission, the stream key, a kick's ban. */
export class DjRepo {
  constructor(private readonly db: Db) {}

  /** Usernames are unique case-insensitively, as at login. */
  async byUsername(username: string): Promise<DjAccount | undefined> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'username', 'dj', 'stream_key', 'live_banned_until', 'live_anytime'])
      .where(sql<string>`lower(username)`, '=', username.toLowerCase())
      .executeTakeFirst();
    return row && toAccount(row);
  }

  async byId(id: number, db: Db = this.db): Promise<DjAccount | undefined> {
    const row = await db
      .selectFrom('users')
      .select(['id', 'username', 'dj', 'stream_key', 'live_banned_until', 'live_anytime'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toAccount(row);
  }

  /**
   * Grants (with a fresh key, any ban lifted) or revokes (the key gone, and any time on air)
   * the permission; `anytime`: on air at any time, not only in the DJ's shows.
   */
  async setDj(
    id: number,
    dj: boolean,
    key: string | null,
    anytime: boolean,
    db: Db = this.db,
  ): Promise<void> {
    await db
      .updateTable('users')
      .set({
        dj: dj ? 1 : 0,
        stream_key: key,
        live_banned_until: null,
        live_anytime: dj && anytime ? 1 : 0,
      })
      .where('id', '=', id)
      .execute();
  }

  async setStreamKey(id: number, key: string): Promise<void> {
    await this.db.updateTable('users').set({ stream_key: key }).where('id', '=', id).execute();
  }

  async setBan(id: number, until: number | null, db: Db = this.db): Promise<void> {
    await db.updateTable('users').set({ live_banned_until: until }).where('id', '=', id).execute();
  }
}

function toAccount(row: {
  id: number;
  username: string;
  dj: number;
  stream_key: string | null;
  live_banned_until: number | null;
  live_anytime: number;
}): DjAccount {
  return {
    id: row.id,
    username: row.username,
    dj: Number(row.dj) === 1,
    streamKey: row.stream_key,
    bannedUntil: row.live_banned_until === null ? null : Number(row.live_banned_until),
    anytime: Number(row.live_anytime) === 1,
  };
}
