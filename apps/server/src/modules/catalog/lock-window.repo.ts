import type { Db } from '../../db/database.js';

/** Playable songs: active, with an approved file (queued or on air included). */
function playable(db: Db) {
  return db
    .selectFrom('songs as s')
    .where('s.status', '=', 'active')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('files as f')
          .select('f.id')
          .whereRef('f.song_id', '=', 's.id')
          .where('f.pending', '=', 0),
      ),
    );
}

/** The two facts the effective lock window is computed from. */
export class LockWindowRepo {
  constructor(private readonly db: Db) {}

  async playableCount(): Promise<number> {
    const row = await playable(this.db)
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
