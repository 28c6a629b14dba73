import type { Song } from '@queuecast/contract';

/** A catalogue song with neutral defaults; unit tests set only the fields they are about. */
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
  h_length: 0,
  h_skip: 0,
  h_fadeout: 0,
  has_file: true,
  cover_art_url: null,
  ...fields,
});
