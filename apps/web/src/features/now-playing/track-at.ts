import type { PlaybackUpdate, QueueSong } from '@queuecast/contract';

export interface TrackAt {
  song: QueueSong;
  /** Seconds left of the song at that moment, between 0 and its length. */
  remaining: number;
}

/**
 * The song on air at `at` (epoch seconds): the one among now playing and the history whose
 * start <= at < start + length. A listener of the stream hears the station some seconds late,
 * so at their moment the song may already be history. Between songs, or after the end of the
 * one on air before the next update, the song on air stands, its countdown held at 0 or at its
 * length. Null when nothing is on air and no played song covers `at`.
 */
export function trackAt(
  update: Pick<PlaybackUpdate, 'now_playing' | 'history'>,
  at: number,
): TrackAt | null {
  const { now_playing: current, history } = update;
  for (const song of current ? [current, ...history] : history) {
    const start = song.start_time;
    if (start <= at && at < start + song.length) {
      return { song, remaining: start + song.length - at };
    }
  }
  if (!current) return null;
  const remaining = Math.min(current.length, Math.max(0, current.start_time + current.length - at));
  return { song: current, remaining };
}
