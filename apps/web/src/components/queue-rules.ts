/** What a queue button asks for: the filter part of the POST /api/queue body. */
export type QueueFilter =
  { artist_id: number } | { platform: string } | { tags: string[] } | { from_favorites: true };

export type QueuePick = 'least_recent' | 'random' | 'min3' | 'min4';

export const QUEUE_PICKS: readonly QueuePick[] = ['least_recent', 'random', 'min3', 'min4'];

/** Button labels: artist and platform pages, tag pages, the profile's favourites. */
export const QUEUE_LABELS = {
  songs: {
    least_recent: 'Least Recent Song',
    random: 'Random Song',
    min3: 'Random 3 stars+',
    min4: 'Random 4 stars+',
  },
  tags: {
    least_recent: 'Least Recent',
    random: 'Random',
    min3: 'Random 3 stars+',
    min4: 'Random 4 stars+',
  },
  favorites: {
    least_recent: 'Least Recent',
    random: 'Random',
    min3: 'Favorite 3 stars+',
    min4: 'Favorite 4 stars+',
  },
} as const satisfies Record<string, Record<QueuePick, string>>;

export type QueueBody = QueueFilter & { least_recent?: true; min_vote?: 3 | 4 };

/** The body of POST /api/queue for a filter and a button. */
export function queueBody(filter: QueueFilter, pick: QueuePick): QueueBody {
  switch (pick) {
    case 'least_recent':
      return { ...filter, least_recent: true };
    case 'random':
      return { ...filter };
    case 'min3':
      return { ...filter, min_vote: 3 };
    case 'min4':
      return { ...filter, min_vote: 4 };
  }
}

export const QUEUE_LOGGED_OUT_TEXT = 'You must be logged in to queue songs';

/** Why a queue button sends nothing (logged out, no tags), or null when it may ask. */
export function queueActionBlock(filter: QueueFilter, loggedIn: boolean): string | null {
  if (!loggedIn) return QUEUE_LOGGED_OUT_TEXT;
  if ('tags' in filter && filter.tags.length === 0) return 'No tags selected';
  return null;
}

/** The success toast names the song the server picked. */
export function queueSuccessText(details: { artist: string; title: string } | null): string {
  if (!details) return 'Song successfully queued!';
  return details.artist ? `Queued ${details.artist} – ${details.title}` : `Queued ${details.title}`;
}

/** A refusal shows the server's reason, anything else 'Failed to queue song'. */
export const queueFailureText = (serverMessage: string | null | undefined): string =>
  serverMessage || 'Failed to queue song';
