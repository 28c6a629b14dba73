import type { Generated } from 'kysely';

type Seconds = number;

/** The station's listeners in one minute, per output (written once, by the playout). */
export interface ListenerMinutesTable {
  /** Epoch seconds of the minute's start. */
  minute: Seconds;
  mp3: number;
  /** The Icecast mount the station relays to. */
  relay: number;
  hls: number;
  /** Open pages of the site (live sockets). */
  sites: number;
}

/** Minutes summed over an hour or a day: averages are `*_sum / samples`. */
export interface ListenerRollup {
  samples: number;
  total_sum: number;
  total_min: number;
  total_max: number;
  mp3_sum: number;
  relay_sum: number;
  hls_sum: number;
  sites_sum: number;
}
export interface ListenerHoursTable extends ListenerRollup {
  hour: Seconds;
}
export interface ListenerDaysTable extends ListenerRollup {
  day: Seconds;
}

/** One listener's stay on one output; `visitor` is a hash of their address salted per day. */
export interface ListeningSessionsTable {
  id: Generated<number>;
  started_at: Seconds;
  ended_at: Seconds;
  duration: number;
  output: string;
  client: string;
  visitor: string;
}

/** Sessions per day, output, client family and length bucket (ended on that day). */
export interface SessionDaysTable {
  day: Seconds;
  output: string;
  client: string;
  bucket: number;
  sessions: number;
  seconds: number;
}

export interface VisitorDaysTable {
  day: Seconds;
  visitors: number;
}

/** Today's salt for the visitors' hashes, shared by the nodes; a day's salt goes with it. */
export interface StatsSaltsTable {
  day: Seconds;
  salt: string;
}

export interface ActivityHoursTable {
  hour: Seconds;
  requests: number;
  votes: number;
  chat_lines: number;
}

/** A song's figures summed over everything before the start of a UTC week. */
export interface SongTotalsTable {
  week: Seconds;
  song_id: number;
  plays: number;
  requests: number;
  gain: number;
  votes: number;
}

/** A listener's requests and chat lines summed over everything before a UTC week's start. */
export interface UserTotalsTable {
  week: Seconds;
  user_id: number;
  requests: number;
  chat_lines: number;
}

/** The listening sessions by output, client and length, summed over everything before a week. */
export interface SessionTotalsTable {
  week: Seconds;
  output: string;
  client: string;
  bucket: number;
  sessions: number;
  seconds: Seconds;
}

/** The statistics' tables (migrations 0029 and 0032). */
export interface StatsTables {
  session_totals: SessionTotalsTable;
  song_totals: SongTotalsTable;
  user_totals: UserTotalsTable;
  listener_minutes: ListenerMinutesTable;
  listener_hours: ListenerHoursTable;
  listener_days: ListenerDaysTable;
  listening_sessions: ListeningSessionsTable;
  session_days: SessionDaysTable;
  visitor_days: VisitorDaysTable;
  stats_salts: StatsSaltsTable;
  activity_hours: ActivityHoursTable;
}

/** A webhook an admin registered; `events` comma-separated. */
export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  format: string;
  events: string;
  secret: string;
  enabled: number;
  created_at: Seconds;
}

/** One event for one webhook: its body, its tries and the last answer. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  delivery: string;
  event: string;
  body: string;
  state: string;
  attempts: number;
  status: number | null;
  response_ms: number | null;
  error: string | null;
  created_at: Seconds;
  tried_at: Seconds | null;
  next_at: Seconds | null;
}

/** The webhooks' tables (migration 0030). */
export interface WebhookTables {
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
