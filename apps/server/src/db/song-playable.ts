import type { ExpressionBuilder } from 'kysely';
import { PLAYABLE_STATUS, QUEUED_OR_ON_AIR } from '../core/song-rules.js';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/**
 * What may play: the rules of `core/song-rules.ts` as query filters, written once here and
 * called by every repository that asks. A song plays when it is active with an approved file
 * (`isPlayable`; a listener's upload waiting for review is `pending` and plays only once staff
 * approve it); the auto-DJ and the queue actions pick among the playable songs that no queue
 * entry holds (`isQueuedOrOnAir`) and that are outside the lock window (`lockWindowStart`:
 * last played at or before that bound, or never).
 */

type WithSongs = Database & { s: Database['songs'] };
type SongsEb = ExpressionBuilder<WithSongs, 's'>;

/** The approved files of the song aliased `s`, to select from (an id, a count, a path). */
export const approvedFiles = (eb: SongsEb) =>
  eb.selectFrom('files as f').whereRef('f.song_id', '=', 's.id').where('f.pending', '=', 0);

/** The song (aliased `s`) has an approved file: `has_file` of the rules. */
export const hasApprovedFile = (eb: SongsEb) => eb.exists(approvedFiles(eb).select('f.id'));

/**
 * Joined rows of a file (aliased `f`) and its song (`s`) that make the song playable: an
 * approved file of an active song. For counting playable songs from the files' side.
 */
export const playableFile = (
  eb: ExpressionBuilder<WithSongs & { f: Database['files'] }, 's' | 'f'>,
) => eb.and([eb('f.pending', '=', 0), eb('s.status', '=', PLAYABLE_STATUS)]);

/** Songs (aliased `s`) the station can play: active, with an approved file. */
export const songPlayable = (eb: SongsEb) =>
  eb.and([eb('s.status', '=', PLAYABLE_STATUS), hasApprovedFile(eb)]);

/** Songs (aliased `s`) with an entry waiting in the queue or on air. */
export const songQueuedOrOnAir = (eb: SongsEb) =>
  eb.exists(
    eb
      .selectFrom('queue_entries as q')
      .select('q.id')
      .whereRef('q.song_id', '=', 's.id')
      .where('q.state', 'in', QUEUED_OR_ON_AIR),
  );

/** Songs (aliased `s`) the station can pick, the lock window aside: playable, held by no entry. */
export const songAvailable = (eb: SongsEb) =>
  eb.and([songPlayable(eb), eb.not(songQueuedOrOnAir(eb))]);

/** Songs (aliased `s`) outside the lock window whose start is `lockedSince`. */
export const outsideLockWindow = (lockedSince: number) => (eb: SongsEb) =>
  eb.or([eb('s.last_played_at', 'is', null), eb('s.last_played_at', '<=', lockedSince)]);

/**
 * Songs (aliased `s`) that may be picked now, by a listener's queue action or the auto-DJ:
 * available and outside the lock window (`songRefusal` answers null for each).
 */
export const songRequestable = (lockedSince: number) => (eb: SongsEb) =>
  eb.and([songAvailable(eb), outsideLockWindow(lockedSince)(eb)]);

/** The songs that may be picked now (see `songRequestable`), to select from. */
export function requestableSongs(db: Db, lockedSince: number) {
  return db.selectFrom('songs as s').where(songRequestable(lockedSince));
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

/**
 * The song's play settings and the file the station plays, its newest approved one: for the
 * playout and for previews, which play what the station would.
 */
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
        approvedFiles(eb)
          .select('f.stored_path')
          .orderBy('f.id', 'desc')
          .limit(1)
          .as('stored_path'),
    ])
    .where('s.id', '=', songId)
    .executeTakeFirst();
}
