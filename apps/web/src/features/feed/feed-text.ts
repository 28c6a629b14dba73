import type { FeedItem } from '@queuecast/contract';

/** What happened, around the song's name: the words before and after it. */
export function feedWords(item: FeedItem, djLabel: string): { before: string; after: string } {
  switch (item.kind) {
    case 'played':
      return {
        before: 'Played ',
        after: item.username ? `, requested by ${item.username}` : `, picked by ${djLabel}`,
      };
    case 'requested':
      return { before: `${item.username ?? 'Someone'} requested `, after: '' };
    case 'comment':
      return { before: `${item.username ?? 'Someone'} commented on `, after: '' };
    case 'new_song':
      return { before: 'New in the catalogue: ', after: '' };
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
