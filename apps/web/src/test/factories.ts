import type { QueueSong, Song } from '@queuecast/contract';

/** A catalogue song (a list row) with neutral defaults; unit tests set only the fields they are about. */
export const createSong = (id: number, fields: Partial<Song> = {}): Song => ({
  id,
  title: `Song ${id}`,
  artists: {},
  artist: null,
  length: 100,
  platform: null,
  platform_brief: null,
  status: 'active',
  avg_vote: null,
  vote_count: 0,
  total_vote_score: 0,
  recently_played: false,
  requestable_at: null,
  has_file: true,
  cover_art_url: null,
  ...fields,
});

/**
 * A song in the queue views (live `playback_update`): by default an upcoming station pick
 * starting at 0; tests set the source, times and requester they are about.
 */
export const createQueueSong = (id: number, fields: Partial<QueueSong> = {}): QueueSong => ({
  ...createSong(id),
  source: 'upcoming',
  start_time: 0,
  requested_by_username: null,
  ...fields,
});
