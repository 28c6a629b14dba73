import { z } from 'zod';

export const SongSourceSchema = z.enum(['now', 'upcoming', 'history']);

/**
 * A song is the same object everywhere (tables, song page, live updates).
 * `artists` maps artist id to name; `artist` is the names joined for display.
 */
export const SongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artists: z.record(z.string(), z.string()),
  artist: z.string().nullable(),
  length: z.number(),
  platform: z.string().nullable(),
  platform_brief: z.string().nullable(),
  status: z.string(),
  avg_vote: z.number().nullable(),
  vote_count: z.number().int(),
  total_vote_score: z.number().int(),
  /** Waiting, on air, or played within the lock window: a request would be refused now. */
  recently_played: z.boolean(),
  /**
   * When a request could succeed (epoch seconds): the end of the lock window, or for a song
   * waiting or on air the end of the window its coming play opens; null when requestable now
   * (or never, for a song without a playable file: see `has_file` and `status`).
   */
  requestable_at: z.number().int().nullable(),
  h_length: z.number().int(),
  h_skip: z.number().int(),
  h_fadeout: z.number().int(),
  has_file: z.boolean(),
  cover_art_url: z.string().nullable(),
  user_vote: z.number().int().nullable().optional(),
  is_favorited: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
  /** Set on songs in the queue, now playing and history. */
  source: SongSourceSchema.optional(),
  isNowPlaying: z.boolean().optional(),
  start_time: z.number().optional(),
  played_at: z.number().optional(),
  requested_by_username: z.string().nullable().optional(),
  queue_id: z.number().int().optional(),
});
export type Song = z.infer<typeof SongSchema>;
