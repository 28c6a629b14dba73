import type { Db } from '../../db/database.js';
import { playableFile, songPlayable } from '../../db/song-playable.js';

/** Playable songs (queued or on air included). */
const playable = (db: Db) => db.selectFrom('songs as s').where(songPlayable);

/**
 * The facts the effective lock window is computed from (core/lock-window.ts), each read in
 * time proportional to the plays, not to the catalogue: the window is read again every second
 * while listeners browse.
 */
export class LockWindowRepo {
  constructor(private readonly db: Db) {}

  /** Playable songs that were ever played (from the index on the last play). */
  async playedCount(): Promise<number> {
    const row = await playable(this.db)
      .where('s.last_played_at', 'is not', null)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Playable songs, counted up to `cap`: from the approved files (in song order in their
   * index), so a catalogue mostly without files is not read through either.
   */
  async playableCount(cap: number): Promise<number> {
    const first = this.db
      .selectFrom('files as f')
      .innerJoin('songs as s', 's.id', 'f.song_id')
      .where(playableFile)
      .select('f.song_id')
      .distinct()
      .limit(cap)
      .as('first');
    const row = await this.db
      .selectFrom(first)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The `rank`-th most recent last play (1-based) among playable songs; null when fewer. */
  async nthLastPlay(rank: number): Promise<number | null> {
    const row = await playable(this.db)
      .select('s.last_played_at')
      .where('s.last_played_at', 'is not', null)
      .orderBy('s.last_played_at', 'desc')
      .limit(1)
      .offset(rank - 1)
      .executeTakeFirst();
    return row?.last_played_at == null ? null : Number(row.last_played_at);
  }
}
