import type { LiveShow, PastShow, QueueSong, Song } from '@queuecast/contract';

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

/**
 * A live show among the queue page's rows: the one on air (in the song on air's place) or one
 * that ended, among the played songs. Its DJ is its requester.
 */
export interface ShowRow {
  kind: 'show';
  show: PastShow | LiveShow;
  onAir: boolean;
}

/** A row of the queue page's table: a queue entry or a live show. */
export type TableRow = TableSong | ShowRow;

export const isShowRow = (row: TableRow): row is ShowRow => 'kind' in row && row.kind === 'show';
