import type { FeedItem } from '@queuecast/contract';

/** A piece of a feed line: words, a listener (a link to their page) or the song (a link). */
export type FeedPart = string | { user: string } | { song: true };

const SONG = { song: true } as const;

/** What happened, in order: the words, who did it, and the song. */
export function feedParts(item: FeedItem, djLabel: string): FeedPart[] {
  const who: FeedPart = item.username !== null ? { user: item.username } : 'Someone';
  switch (item.kind) {
    case 'played':
      return item.username !== null
        ? ['Played ', SONG, ', requested by ', { user: item.username }]
        : ['Played ', SONG, `, picked by ${djLabel}`];
    case 'requested':
      return [who, ' requested ', SONG];
    case 'comment':
      return [who, ' commented on ', SONG];
    case 'new_song':
      return ['New in the catalogue: ', SONG];
  }
}

/** The song as a line names it: "Artist - Title", or the title alone. */
export const songName = (song: FeedItem['song']) =>
  song.artist ? `${song.artist} - ${song.title}` : song.title;

/** "now" under a minute, then minutes, hours, days. */
export function feedAge(at: number, now: number): string {
  const seconds = Math.max(0, now - at);
  if (seconds < 60) return 'now';
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86_400)} d ago`;
}
