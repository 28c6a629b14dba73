import type { PlaybackUpdate, QueueSong } from '@queuecast/contract';
import type { ShowRow, TableRow } from '../../components/table-song';

/**
 * The queue page's one table: the upcoming queue reversed, so the song furthest away
 * is on top and the next one sits just above the song on air (or the live show on air), then
 * the history newest first, with the live shows that ended among the played songs by their
 * start.
 */
export function queueRows(
  update: Pick<PlaybackUpdate, 'queue' | 'now_playing' | 'history'> &
    Partial<Pick<PlaybackUpdate, 'live' | 'shows'>>,
): TableRow[] {
  const onAir: TableRow[] = update.live
    ? [{ kind: 'show', show: update.live, onAir: true }]
    : update.now_playing
      ? [update.now_playing]
      : [];
  return [
    ...[...update.queue].reverse(),
    ...onAir,
    ...playedRows(update.history, update.shows ?? []),
  ];
}

/** Played songs and ended shows, newest first: each show before the songs that started before it. */
function playedRows(history: readonly QueueSong[], shows: PlaybackUpdate['shows']): TableRow[] {
  const pending: ShowRow[] = [...shows]
    .sort((a, b) => b.started_at - a.started_at)
    .map((show) => ({ kind: 'show', show, onAir: false }));
  const rows: TableRow[] = [];
  for (const song of history) {
    const start = song.played_at ?? song.start_time;
    while (pending.length > 0 && pending[0]!.show.started_at >= start) rows.push(pending.shift()!);
    rows.push(song);
  }
  return [...rows, ...pending];
}
