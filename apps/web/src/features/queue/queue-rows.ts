import type { PlaybackUpdate, QueueSong } from '@queuecast/contract';

/**
 * The queue page's one table: the upcoming queue reversed, so the song furthest away
 * is on top and the next one sits just above the song on air, then the history newest first.
 */
export function queueRows(
  update: Pick<PlaybackUpdate, 'queue' | 'now_playing' | 'history'>,
): QueueSong[] {
  return [
    ...[...update.queue].reverse(),
    ...(update.now_playing ? [update.now_playing] : []),
    ...update.history,
  ];
}
