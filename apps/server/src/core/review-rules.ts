/**
 * How listeners' contributions move through staff review. A song is `active` when it has an
 * approved file, `missing_file` without one, and `review` while something of a listener's waits
 * for staff: the song itself (not yet approved) and/or an uploaded file (pending). Pure
 * functions of plain facts; the services that add songs and review them ask here.
 */

/** A new song: staff's joins the catalogue at once; a listener's waits for approval. */
export function newSongState(byStaff: boolean): {
  status: 'missing_file' | 'review';
  reviewed: 0 | 1;
} {
  return byStaff ? { status: 'missing_file', reviewed: 1 } : { status: 'review', reviewed: 0 };
}

/**
 * Whether one more song may be added by this caller: a listener's additions wait for staff, and
 * `max` of them waiting at once is as many as review should have to catch up with from one
 * person; staff's songs wait for nobody.
 */
export function mayAddSong(byStaff: boolean, waitingForReview: number, max: number): boolean {
  return byStaff || waitingForReview < max;
}

/** What review needs to know of a song. */
export interface ReviewFacts {
  status: string;
  /** Staff approved the song, or staff or an import added it. */
  reviewed: boolean;
  /** Listeners' uploads for it that wait for approval. */
  pendingFiles: number;
  /** Approved files associated with it. */
  approvedFiles: number;
}

/** Something of this song waits for staff (a status left at `review` counts too). */
export function waitsForReview(song: ReviewFacts): boolean {
  return song.status === 'review' || !song.reviewed || song.pendingFiles > 0;
}

/**
 * The status after approval: the song is approved and its pending files become its files, so
 * it plays when it has any file. Null when nothing waits.
 */
export function statusAfterApprove(song: ReviewFacts): 'active' | 'missing_file' | null {
  if (!waitsForReview(song)) return null;
  return song.approvedFiles + song.pendingFiles > 0 ? 'active' : 'missing_file';
}

/**
 * The status after rejection: the pending files go; a song never approved goes with them
 * (`removed`), an approved one keeps playing if it still has an approved file. Null when
 * nothing waits.
 */
export function statusAfterReject(song: ReviewFacts): 'active' | 'missing_file' | 'removed' | null {
  if (!waitsForReview(song)) return null;
  if (!song.reviewed) return 'removed';
  return song.approvedFiles > 0 ? 'active' : 'missing_file';
}

/**
 * The change is news for the station feed: the song starts to play for the first time. A song
 * that has been on air before (it lost its file and got a new one) is not announced again.
 */
export function announcesNewSong(change: {
  before: string;
  after: string;
  lastPlayedAt: number | null;
}): boolean {
  return change.before !== 'active' && change.after === 'active' && change.lastPlayedAt === null;
}
