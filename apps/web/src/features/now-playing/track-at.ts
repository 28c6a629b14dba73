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

/**
 * Seconds from `at` until what `trackAt` gives next changes on screen: the countdown's next
 * whole second, or the start or end of a song in the update, whichever comes first, so the
 * panel can look again exactly then. Infinity when nothing ahead would change it.
 */
export function untilNextChange(
  update: Pick<PlaybackUpdate, 'now_playing' | 'history'>,
  at: number,
): number {
  const { now_playing: current, history } = update;
  const shown = trackAt(update, at);
  let next = Infinity;
  // The countdown shows the remaining seconds rounded up: it moves when they reach a whole one.
  if (shown && shown.song.start_time <= at && shown.remaining > 0)
    next = shown.remaining - (Math.ceil(shown.remaining) - 1);
  for (const song of current ? [current, ...history] : history) {
    for (const edge of [song.start_time, song.start_time + song.length]) {
      if (edge > at) next = Math.min(next, edge - at);
    }
  }
  return next;
}
