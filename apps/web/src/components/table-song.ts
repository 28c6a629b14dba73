import type { QueueSong, Song } from '@queuecast/contract';

/** The queue fields a song table shows in its Play Time and Requested By columns. */
type QueueFields =
  | 'source'
  | 'isNowPlaying'
  | 'start_time'
  | 'played_at'
  | 'requested_by_username'
  | 'queue_id'
  | 'position'
  | 'up_next';

/**
 * A row of a song table: a list song (search, artist, platform and tag pages), whose queue
 * fields are absent, or a queue entry (the queue page), which carries them.
 */
export type TableSong = Song & Partial<Pick<QueueSong, QueueFields>>;
