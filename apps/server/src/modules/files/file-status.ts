import type { ReviewFacts } from '../../core/review-rules.js';

/**
 * The status a song takes after a file was moved onto or off it (the facts count its files
 * after the move). Anything waiting for staff (the song itself or an upload) keeps or puts it
 * in `review`; otherwise it plays when it has an approved file and misses one when it has
 * none. A song marked `unplayable` stays so while it keeps a file, since that file failed to
 * decode.
 */
export function statusAfterFileMove(song: ReviewFacts): string {
  if (!song.reviewed || song.pendingFiles > 0) return 'review';
  if (song.approvedFiles === 0) return 'missing_file';
  return song.status === 'unplayable' ? 'unplayable' : 'active';
}
