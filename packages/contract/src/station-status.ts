import { z } from 'zod';

/** A song as other sites show it: every URL absolute, so a widget elsewhere can use it as is. */
export const PublicSongSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The artists' names joined for display; null when the song has none. */
  artist: z.string().nullable(),
  artists: z.array(z.object({ id: z.number().int(), name: z.string() })),
  platform: z.string().nullable(),
  /** The song's page on the station's site. */
  url: z.string(),
  /** Its cover at 512 pixels (its art, or the cover drawn for it). */
  art_url: z.string().nullable(),
});
export type PublicSong = z.infer<typeof PublicSongSchema>;

/**
 * GET /api/nowplaying: what the station plays, for other sites and apps (open to every origin,
 * with an ETag). Times are epoch seconds; `elapsed` and `remaining` are whole seconds as of
 * `server_time`.
 */
export const NowPlayingSchema = z.object({
  station: z.object({
    name: z.string(),
    description: z.string(),
    /** The station's site. */
    url: z.string(),
    /** The MP3 stream and the HLS playlist. */
    listen_urls: z.object({ mp3: z.string(), hls: z.string() }),
  }),
  /** The track on air; null during a live show and while nothing plays. */
  now_playing: z
    .object({
      song: PublicSongSchema,
      started_at: z.number(),
      /** Seconds it plays on air. */
      duration: z.number(),
      elapsed: z.number().int(),
      remaining: z.number().int(),
      /** Null for the station's own picks. */
      requested_by: z.string().nullable(),
    })
    .nullable(),
  /** The next track: the first request waiting, else the station's own pick once chosen. */
  next: z
    .object({
      song: PublicSongSchema,
      /** When it is expected to start. */
      expected_start: z.number(),
      requested_by: z.string().nullable(),
    })
    .nullable(),
  /** The live show on air, if any. */
  live: z
    .object({
      show: z.string(),
      dj: z.string(),
      /** The DJ's current title, if the DJ's software sent one. */
      title: z.string().nullable(),
      started_at: z.number(),
      /** `standby`: the DJ's software dropped and the station waits for it. */
      state: z.enum(['live', 'standby']),
    })
    .nullable(),
  listeners: z.number().int(),
  server_time: z.number(),
});
export type NowPlaying = z.infer<typeof NowPlayingSchema>;

/**
 * One mount as Icecast 2.4's `status-json.xsl` describes it (`icestats.source`): the fields
 * players, widgets and directory tools read. Dates are Icecast's two forms (RFC 822 and ISO 8601).
 */
export const IcecastSourceSchema = z.object({
  audio_info: z.string(),
  bitrate: z.number().int(),
  genre: z.string(),
  listener_peak: z.number().int(),
  listeners: z.number().int(),
  listenurl: z.string(),
  server_description: z.string(),
  server_name: z.string(),
  server_type: z.string(),
  server_url: z.string(),
  stream_start: z.string(),
  stream_start_iso8601: z.string(),
  /** "Artist - Title", as an MP3 stream's StreamTitle says it. */
  title: z.string(),
  artist: z.string().optional(),
  dummy: z.null(),
});

/** GET /status-json.xsl: the station as Icecast's JSON status shows a server with one mount. */
export const IcecastStatusSchema = z.object({
  icestats: z.object({
    admin: z.string(),
    host: z.string(),
    location: z.string(),
    server_id: z.string(),
    server_start: z.string(),
    server_start_iso8601: z.string(),
    source: IcecastSourceSchema,
  }),
});
export type IcecastStatus = z.infer<typeof IcecastStatusSchema>;

/** A conditional GET whose ETag still matches: no body. */
export const NotModifiedSchema = z.null().describe('Not modified: the ETag still matches');
