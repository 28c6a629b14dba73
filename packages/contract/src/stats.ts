import { z } from 'zod';

/** The range a statistics call covers: epoch seconds, `from` included, `to` not. */
export const StatsRangeQuerySchema = z.object({
  from: z.coerce.number().int().min(0).max(1e11),
  to: z.coerce.number().int().min(0).max(1e11),
});
export type StatsRangeQuery = z.infer<typeof StatsRangeQuerySchema>;

/** One point of the listeners' chart: the period's average, lowest and highest, by output. */
export const ListenerPointSchema = z.object({
  /** Epoch seconds of the period's start. */
  t: z.number(),
  avg: z.number(),
  min: z.number(),
  max: z.number(),
  /** Averages per output: MP3 direct, MP3 through the Icecast relay, HLS, open pages. */
  mp3: z.number(),
  relay: z.number(),
  hls: z.number(),
  sites: z.number(),
});
export type ListenerPoint = z.infer<typeof ListenerPointSchema>;

/** GET /api/stats/listeners: listeners over the range, a point per minute, hour or day. */
export const ListenerSeriesSchema = z.object({
  from: z.number(),
  to: z.number(),
  resolution: z.enum(['minute', 'hour', 'day']),
  points: z.array(ListenerPointSchema),
});
export type ListenerSeries = z.infer<typeof ListenerSeriesSchema>;

const SessionShareSchema = z.object({ sessions: z.number(), seconds: z.number() });

/** GET /api/stats/sessions: the listening sessions that ended in the range (whole days). */
export const SessionStatsSchema = z.object({
  from: z.number(),
  to: z.number(),
  sessions: z.number(),
  /** Listening time of all of them, in seconds. */
  seconds: z.number(),
  /** Different listeners per day, summed over the days. */
  visitor_days: z.number(),
  /** Sessions by length: `from_s` is where the bucket starts (the last has no end). */
  lengths: z.array(z.object({ from_s: z.number(), sessions: z.number() })),
  outputs: z.array(SessionShareSchema.extend({ output: z.enum(['mp3', 'hls']) })),
  clients: z.array(
    SessionShareSchema.extend({ client: z.enum(['browser', 'app', 'player', 'bot', 'other']) }),
  ),
});
export type SessionStats = z.infer<typeof SessionStatsSchema>;

/** GET /api/stats/activity: listeners' requests, votes and chat lines per hour or day. */
export const ActivityStatsSchema = z.object({
  from: z.number(),
  to: z.number(),
  resolution: z.enum(['hour', 'day']),
  points: z.array(
    z.object({ t: z.number(), requests: z.number(), votes: z.number(), chat_lines: z.number() }),
  ),
});
export type ActivityStats = z.infer<typeof ActivityStatsSchema>;
