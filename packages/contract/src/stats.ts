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

/** The statistics page's panels; the admin chooses which of them the public sees. */
export const STATS_PANELS = [
  'listeners',
  'heatmap',
  'sessions',
  'activity',
  'top_songs',
  'top_artists',
  'top_platforms',
  'requesters',
  'chatters',
] as const;
export const StatsPanelSchema = z.enum(STATS_PANELS);
export type StatsPanel = z.infer<typeof StatsPanelSchema>;

/** GET /api/stats/panels (anyone): the panels the public sees; PUT (admins) sets them. */
export const StatsPanelsSchema = z.object({
  public: z.array(StatsPanelSchema).max(STATS_PANELS.length),
});
export type StatsPanels = z.infer<typeof StatsPanelsSchema>;

export const TOP_KINDS = ['songs', 'artists', 'platforms'] as const;
export const TOP_MEASURES = ['plays', 'requests', 'votes', 'gain'] as const;

export const StatsTopQuerySchema = StatsRangeQuerySchema.extend({
  kind: z.enum(TOP_KINDS),
  by: z.enum(TOP_MEASURES).default('plays'),
});
export type StatsTopQuery = z.infer<typeof StatsTopQuerySchema>;

/**
 * GET /api/stats/top: songs, artists or platforms by plays, requests, votes or listener gain in
 * the range (gain: each play's listeners at its end less those at its start, summed).
 */
export const TopStatsSchema = z.object({
  from: z.number(),
  to: z.number(),
  kind: z.enum(TOP_KINDS),
  by: z.enum(TOP_MEASURES),
  rows: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      plays: z.number(),
      requests: z.number(),
      votes: z.number(),
      gain: z.number(),
    }),
  ),
});
export type TopStats = z.infer<typeof TopStatsSchema>;

const PersonCountSchema = z.object({ id: z.number(), name: z.string(), count: z.number() });

/** GET /api/stats/people: the listeners who requested most, and who chatted most, in the range. */
export const PeopleStatsSchema = z.object({
  from: z.number(),
  to: z.number(),
  requesters: z.array(PersonCountSchema),
  chatters: z.array(PersonCountSchema),
});
export type PeopleStats = z.infer<typeof PeopleStatsSchema>;

export const StatsHeatmapQuerySchema = StatsRangeQuerySchema.extend({
  /** The time zone the hours are counted in (IANA name); UTC by default. */
  tz: z.string().max(64).default('UTC'),
});

/** GET /api/stats/heatmap: average listeners by weekday (0 Monday … 6 Sunday) and hour. */
export const HeatmapStatsSchema = z.object({
  from: z.number(),
  to: z.number(),
  tz: z.string(),
  /** `cells[weekday][hour]`: the average, or null where no hour of the range was sampled. */
  cells: z.array(z.array(z.number().nullable())),
});
export type HeatmapStats = z.infer<typeof HeatmapStatsSchema>;

/** GET /api/stats/csv: one panel's figures as CSV, with the panel's own query. */
export const StatsCsvQuerySchema = StatsRangeQuerySchema.extend({
  panel: StatsPanelSchema,
  by: z.enum(TOP_MEASURES).default('plays'),
  tz: z.string().max(64).default('UTC'),
});
export type StatsCsvQuery = z.infer<typeof StatsCsvQuerySchema>;
