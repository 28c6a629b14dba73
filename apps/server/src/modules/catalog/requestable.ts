import type { Db } from '../../db/database.js';

/**
 * Songs the station can play now: a playable file, and not waiting in the queue or on air.
 * The auto-DJ and the queue actions both draw from here. A file plays once it is approved: a
 * listener's upload waiting for review (`pending`) never does.
 */
export function playableSongs(db: Db) {
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

/** What the playout needs to play a song. */
export interface PlayableRow {
  id: number;
  length: number;
  status: string;
  h_length: number;
  h_skip: number;
  h_fadeout: number;
  loudness_gain: number | null;
  stored_path: string | null;
}

/** The song's play settings and its newest approved file (the one the station plays). */
export function playableRow(db: Db, songId: number): Promise<PlayableRow | undefined> {
  return db
    .selectFrom('songs as s')
    .select([
      's.id',
      's.length',
      's.status',
      's.h_length',
      's.h_skip',
      's.h_fadeout',
      's.loudness_gain',
      (eb) =>
        eb
          .selectFrom('files as f')
          .select('f.stored_path')
          .whereRef('f.song_id', '=', 's.id')
          .where('f.pending', '=', 0)
          .orderBy('f.id', 'desc')
          .limit(1)
          .as('stored_path'),
    ])
    .where('s.id', '=', songId)
    .executeTakeFirst();
}
