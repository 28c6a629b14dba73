import type { TableSong } from './table-song';

const mins = (n: number) => `${n} ${n === 1 ? 'min' : 'mins'}`;

/** The Play Time of the station's own pick for the next track, chosen while no request waits. */
export const UP_NEXT_TEXT = 'Up next';

/**
 * The song table's Play Time column. `now` is epoch seconds. Upcoming songs count minutes until
 * their start; played songs count minutes since theirs. The station's own next pick says so.
 */
export function playTimeText(
  song: Pick<TableSong, 'source' | 'isNowPlaying' | 'start_time' | 'played_at' | 'up_next'>,
  now: number,
): string {
  if (song.source === 'now' || song.isNowPlaying) return '▶ Now';
  if (song.up_next) return UP_NEXT_TEXT;
  const start = song.start_time ?? song.played_at;
  if (song.source === 'upcoming') {
    if (start === undefined) return '';
    const away = start - now;
    return away <= 60 ? 'Next up!' : `in ${mins(Math.round(away / 60))}`;
  }
  if (start === undefined) return '';
  const ago = now - start;
  return ago < 60 ? 'Just played' : `${mins(Math.floor(ago / 60))} ago`;
}
