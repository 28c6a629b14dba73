import { z } from 'zod';
import { bodyIdSchema, MAX_ID } from './common.js';
import { LIMITS } from './limits.js';

/*
 * Live shows: DJs on air from their own source client (BUTT, Mixxx, ffmpeg…) at the Icecast
 * mount `/live`, what listeners see of a show, and the request line that carries their
 * requests and dedications to the DJ.
 */

/** PUT /api/admin/users/{id}/dj: grant or revoke the DJ permission. */
export const DjBodySchema = z.object({
  dj: z.boolean({ error: 'dj must be true or false.' }),
  /** May go on air at any time, not only in their scheduled shows (admins' choice). */
  anytime: z.boolean({ error: 'anytime must be true or false.' }).optional(),
});
export type DjBody = z.infer<typeof DjBodySchema>;

/** The answer to a DJ change: the account and whether it may go on air. */
export const DjStatusSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  dj: z.boolean(),
  anytime: z.boolean(),
});
export type DjStatus = z.infer<typeof DjStatusSchema>;

/**
 * GET and POST /api/user/stream-key: the DJ's stream key, the password their source client
 * sends with their username. `host` and `port` are where DJs connect when the station says
 * (LIVE_PUBLIC_ADDRESS); null: the site's own host and port.
 */
export const StreamKeySchema = z.object({
  key: z.string(),
  username: z.string(),
  mount: z.literal('/live'),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
});
export type StreamKey = z.infer<typeof StreamKeySchema>;

/** POST /api/live/kick: end the show on air; its DJ may not connect for `ban_minutes`. */
export const LiveKickBodySchema = z.object({
  ban_minutes: z
    .number({ error: 'ban_minutes must be a number of minutes.' })
    .int('ban_minutes must be a whole number of minutes.')
    .min(0, 'ban_minutes must not be negative.')
    .max(LIMITS.liveBanMinutesMax, `ban_minutes must be at most ${LIMITS.liveBanMinutesMax}.`),
});
export type LiveKickBody = z.infer<typeof LiveKickBodySchema>;
export const LiveKickResultSchema = z.object({
  dj: z.string(),
  /** Epoch seconds the DJ's connections are refused until; null without a ban. */
  banned_until: z.number().int().nullable(),
});
export type LiveKickResult = z.infer<typeof LiveKickResultSchema>;

/** One title the DJ sent, from `at` (epoch seconds, on the HLS program date-time clock). */
export const LiveTitleSchema = z.object({ title: z.string(), at: z.number() });
export type LiveTitle = z.infer<typeof LiveTitleSchema>;

/**
 * The show on air, in every playback update (`live`, null without one). `state`: `live` while
 * the DJ's audio plays, `standby` while the station holds the show for the DJ to come back
 * (a stand-by sound plays). `started_at` and each title's `at` are on the clock of the HLS
 * program date-times, as a song's `start_time` is. `titles`: this show's, newest last.
 */
export const LiveShowSchema = z.object({
  session_id: z.number().int(),
  show: z.string(),
  dj: z.string(),
  state: z.enum(['live', 'standby']),
  started_at: z.number(),
  title: z.string().nullable(),
  titles: z.array(LiveTitleSchema),
});
export type LiveShow = z.infer<typeof LiveShowSchema>;

/** A show that ended, as the history shows it: the DJ is its requester. */
export const PastShowSchema = z.object({
  session_id: z.number().int(),
  show: z.string(),
  dj: z.string(),
  started_at: z.number(),
  ended_at: z.number(),
  titles: z.array(LiveTitleSchema),
});
export type PastShow = z.infer<typeof PastShowSchema>;

/**
 * GET /api/live/recordings: the shows recorded as broadcast, newest first (kept
 * RECORDINGS_KEEP_DAYS). `url` plays the MP3 (GET /api/live/recordings/{id}; `?download=1` saves
 * it); its chapters are the DJ's titles.
 */
export const RecordingSchema = z.object({
  session_id: z.number().int(),
  show: z.string(),
  /** The planned show whose slot it was broadcast in (its page: /show/{id}); null: none. */
  show_id: z.number().int().nullable(),
  dj: z.string(),
  started_at: z.number(),
  ended_at: z.number(),
  seconds: z.number(),
  bytes: z.number().int(),
  url: z.string(),
  titles: z.array(LiveTitleSchema),
});
export type Recording = z.infer<typeof RecordingSchema>;
export const RecordingListSchema = z.object({ recordings: z.array(RecordingSchema) });
export type RecordingList = z.infer<typeof RecordingListSchema>;
/** GET /api/live/recordings?show={id}: only that planned show's recordings. */
export const RecordingListQuerySchema = z.object({
  show: z.coerce
    .number({ error: 'show must be a show id.' })
    .int('show must be a show id.')
    .min(1, 'show must be a show id.')
    .max(MAX_ID, 'show must be a show id.')
    .optional(),
});
export const RecordingFileQuerySchema = z.object({
  download: z.enum(['0', '1']).optional(),
});

/** What a listener sends the DJ on air: a dedication, perhaps naming a song. */
export const LiveLinePostSchema = z.object({
  message: z
    .string({ error: 'message must be text.' })
    .trim()
    .min(1, 'Message must not be empty.')
    .max(LIMITS.liveLineMax, `Message must be at most ${LIMITS.liveLineMax} characters.`),
  song_id: bodyIdSchema('song_id').optional(),
});
export type LiveLinePost = z.infer<typeof LiveLinePostSchema>;

/**
 * One item of the request line: a listener's request made during the show (it plays after
 * the show) or a dedication sent to the DJ.
 */
export const LiveLineItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['request', 'dedication']),
  from: z.string(),
  message: z.string().nullable(),
  song: z
    .object({ id: z.number().int(), title: z.string(), artist: z.string().nullable() })
    .nullable(),
  created_at: z.number().int(),
});
export type LiveLineItem = z.infer<typeof LiveLineItemSchema>;

/** GET /api/live/line: the DJ's own show's line, newest first (empty off air). */
export const LiveLineListSchema = z.object({
  on_air: z.boolean(),
  items: z.array(LiveLineItemSchema),
});
export type LiveLineList = z.infer<typeof LiveLineListSchema>;

/** The mount DJs connect their source client to. */
export const LIVE_MOUNT = '/live';
