import { z } from 'zod';

export const SongSourceSchema = z.enum(['now', 'upcoming', 'history']);

/**
 * A song as lists show it (tables, search, tag and platform pages, favourites). `artists` maps
 * artist id to name; `artist` is the names joined for display. The vote aggregate is the one
 * the client shows; the request state comes from the server's rules.
 */
export const SongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  artists: z.record(z.string(), z.string()),
  artist: z.string().nullable(),
  /** Seconds: the file's length in lists, the effective length on air in the queue views. */
  length: z.number(),
  platform: z.string().nullable(),
  platform_brief: z.string().nullable(),
  status: z.string(),
  /** Average vote rounded to two decimals; null without votes. */
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
  has_file: z.boolean(),
  /**
   * The song's cover: its embedded art (`/api/art/<hash>.<ext>`) or, without art, a cover drawn
   * from its id and title (`/api/art/placeholder/<id>.svg`). Ask a size with `?size=96` (lists)
   * or `?size=512` (see `ART_SIZES` and `coverArtAt`). Null is never sent today; clients treat
   * it as no cover.
   */
  cover_art_url: z.string().nullable(),
  /** The signed-in viewer's own vote and favourite, when the call carried a token. */
  user_vote: z.number().int().nullable().optional(),
  is_favorited: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
});
export type Song = z.infer<typeof SongSchema>;

/** A song in the queue views: now playing, upcoming (with its expected start) or played. */
export const QueueSongSchema = SongSchema.extend({
  source: SongSourceSchema,
  isNowPlaying: z.boolean().optional(),
  /** Epoch seconds it started or is expected to start. */
  start_time: z.number(),
  /** Epoch seconds it went on air (history). */
  played_at: z.number().optional(),
  /** Null for the station's own picks. */
  requested_by_username: z.string().nullable(),
  /** The queue entry (now playing and upcoming). */
  queue_id: z.number().int().optional(),
  /** Upcoming: 1 for the next song to play, then 2, 3… */
  position: z.number().int().optional(),
  /**
   * Upcoming, true: the station's own pick for the next track, chosen while the queue holds no
   * request (no `queue_id`, no requester). A request replaces it; it is never sent beside one.
   */
  up_next: z.boolean().optional(),
});
export type QueueSong = z.infer<typeof QueueSongSchema>;

/** A song on its own page: the list fields, how it plays on air (staff tweaks) and its file. */
export const DetailSongSchema = SongSchema.extend({
  /** Seconds to play (0: to the end), to skip at the start, and to fade out at the end. */
  h_length: z.number().int(),
  h_skip: z.number().int(),
  h_fadeout: z.number().int(),
  /** The name of the song's audio file as uploaded or imported; null without a file. */
  filename: z.string().nullable(),
});
export type DetailSong = z.infer<typeof DetailSongSchema>;
