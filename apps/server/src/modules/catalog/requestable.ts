import type { Db } from '../../db/database.js';

/**
 * Songs the station can play now: a playable file, and not waiting in the queue or on air.
 * The auto-DJ and the queue actions both draw from here.
 */
export function playableSongs(db: Db) {
  return db
    .selectFrom('songs as s')
    .where('s.status', '=', 'active')
    .where((eb) =>
      eb.exists(eb.selectFrom('files as f').select('f.id').whereRef('f.song_id', '=', 's.id')),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('queue_entries as q')
            .select('q.id')
            .whereRef('q.song_id', '=', 's.id')
            .where('q.state', 'in', ['queued', 'playing']),
        ),
      ),
    );
}

/** Playable songs outside the lock window (not played since `lockedSince`). */
export function requestableSongs(db: Db, lockedSince: number) {
  return playableSongs(db).where((eb) =>
    eb.or([eb('s.last_played_at', 'is', null), eb('s.last_played_at', '<=', lockedSince)]),
  );
}
