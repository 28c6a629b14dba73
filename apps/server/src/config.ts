import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { BackupEnv, backupConfig, type BackupConfig } from './config-backup.js';
import { InsightEnv, insightConfig, type InsightConfig } from './config-insight.js';
import { WorkersEnv, workersConfig, type WorkersConfig } from './config-workers.js';
import {
  bool,
  byteSize,
  duration,
  hostPort,
  port,
  positiveInt,
  roles,
  trustedProxies,
} from './config-values.js';

/**
 * The one place that reads the environment. A bad value stops start-up with a list
 * naming every offending variable, so a typo never becomes a silent default.
 */
const EnvSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL (leave unset for SQLite)')
    .optional(),
  DATABASE_NAMED_STATEMENTS: bool.default(true),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL: duration.default(7 * 86400),
  STATION_NAME: z.string().min(1).max(100).default('Queuecast'),
  STATION_GENRE: z.string().min(1).max(100).default('Various'),
  STATION_URL: z.string().max(300).default(''),
  DEFAULT_DJ_LABEL: z.string().min(1).max(100).default('Auto-DJ'),
  SIGNUP_MODE: z.enum(['open', 'invite']).default('open'),
  SIGNUP_PER_HOUR: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(10),
  LOGIN_PER_MINUTE: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(30),
  QUEUE_LIMIT: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(2),
  PENDING_SONGS_MAX: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(5),
  SONG_LOCK_HOURS: z.coerce
    .number({ error: 'must be a number of hours' })
    .min(0, 'must not be negative')
    .default(12),
  REQUEST_COOLDOWN_S: positiveInt.default(10),
  AUTODJ_ARTIST_SPACING: z.coerce
    .number({ error: 'must be a whole number from 0 to 50' })
    .int('must be a whole number from 0 to 50')
    .min(0, 'must be a whole number from 0 to 50')
    .max(50, 'must be a whole number from 0 to 50')
    .default(3),
  FFMPEG_PATH: z.string().min(1).optional(),
  FFPROBE_PATH: z.string().min(1).optional(),
  DEMO_LIBRARY: bool.default(true),
  STATION: bool.optional(),
  ROLES: roles.optional(),
  HLS_DIR: z.string().min(1).optional(),
  SPOOL_DIR: z.string().min(1).optional(),
  ADMIN_USERNAME: z.string().min(1).optional(),
  ADMIN_PASSWORD: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustedProxies,
  HTTP_MAX_CONNECTIONS_PER_IP: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .default(128),
  HTTP_HEADERS_TIMEOUT_S: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 300' })
    .int('must be a whole number of seconds from 1 to 300')
    .min(1, 'must be a whole number of seconds from 1 to 300')
    .max(300, 'must be a whole number of seconds from 1 to 300')
    .default(10),
  HTTP_BODY_TIMEOUT_S: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 300' })
    .int('must be a whole number of seconds from 1 to 300')
    .min(1, 'must be a whole number of seconds from 1 to 300')
    .max(300, 'must be a whole number of seconds from 1 to 300')
    .default(10),
  WEB_DIST: z.string().min(1).optional(),
  LIVE_SEND_QUEUE: byteSize(64 * 1024).default(512 * 1024),
  LIVE_MAX_SOCKETS_PER_IP: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .default(20),
  ICECAST_SOURCE_URL: z
    .url({ error: 'must be a URL such as http://source:password@icecast:8000/live.mp3' })
    .refine((v) => !URL.canParse(v) || /^https?:$/.test(new URL(v).protocol), {
      error: 'must be an http:// or https:// URL',
      abort: true,
    })
    .refine((v) => !URL.canParse(v) || new URL(v).password !== '', 'must carry the source password')
    .refine(
      (v) => !URL.canParse(v) || new URL(v).pathname.length > 1,
      'must name the mount (…/live.mp3)',
    )
    .optional(),
  ICECAST_PUBLIC_URL: z
    .url({ error: 'must be the URL listeners open, such as https://radio.example/live.mp3' })
    .optional(),
  MP3_MAX_PER_IP: z.coerce
    .number({ error: 'must be a whole number from 1' })
    .int('must be a whole number from 1')
    .min(1, 'must be a whole number from 1')
    .default(8),
  MP3_MAX_LAG_S: z.coerce
    .number({ error: 'must be a number of seconds from 2 to 300' })
    .min(2, 'must be a number of seconds from 2 to 300')
    .max(300, 'must be a number of seconds from 2 to 300')
    .default(10),
  UPLOAD_MAX_MB: z.coerce
    .number({ error: 'must be a whole number of MiB from 1' })
    .int('must be a whole number of MiB from 1')
    .min(1, 'must be a whole number of MiB from 1')
    .default(200),
  MEDIA_MAX_MINUTES: z.coerce
    .number({ error: 'must be a number of minutes from 1 to 600' })
    .min(1, 'must be a number of minutes from 1 to 600')
    .max(600, 'must be a number of minutes from 1 to 600')
    .default(30),
  ANALYSIS_CONCURRENCY: z
    .string()
    .refine(
      (v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 16),
      'must be auto or a whole number from 1 to 16',
    )
    .default('auto'),
  LIVE_CROSSFADE_S: z.coerce
    .number({ error: 'must be a number of seconds from 0 to 10' })
    .min(0, 'must be a number of seconds from 0 to 10')
    .max(10, 'must be a number of seconds from 0 to 10')
    .default(2),
  LIVE_GRACE_S: z.coerce
    .number({ error: 'must be a number of seconds from 0 to 600' })
    .min(0, 'must be a number of seconds from 0 to 600')
    .max(600, 'must be a number of seconds from 0 to 600')
    .default(10),
  LIVE_STANDBY_FILE: z.string().min(1).optional(),
  RECORDINGS_KEEP_DAYS: z.coerce
    .number({ error: 'must be a whole number of days from 0 to 3650' })
    .int('must be a whole number of days from 0 to 3650')
    .min(0, 'must be a whole number of days from 0 to 3650')
    .max(3650, 'must be a whole number of days from 0 to 3650')
    .default(30),
  LIVE_PUBLIC_ADDRESS: hostPort.optional(),
  PLAYOUT_ADDRESS: hostPort.optional(),
  ANALYSIS_CPU_S: z.coerce
    .number({ error: 'must be a whole number of seconds from 5' })
    .int('must be a whole number of seconds from 5')
    .min(5, 'must be a whole number of seconds from 5')
    .default(60),
  ...BackupEnv.shape,
  ...InsightEnv.shape,
  ...WorkersEnv.shape,
});

export type Config = {
  backup: BackupConfig;
  insight: InsightConfig;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: repeated statements are prepared once per connection (named). Off for a
   * connection pooler that cannot keep them (PgBouncer before 1.21 in transaction mode).
   */
  databaseNamedStatements: boolean;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  tokenTtlSeconds: number;
  stationName: string;
  /** Sent to MP3 listeners as icy-genre and icy-url. */
  stationGenre: string;
  stationUrl: string;
  defaultDjLabel: string;
  signupMode: 'open' | 'invite';
  /** New accounts one client address may create per hour. */
  signupsPerHour: number;
  /** Login attempts one client address may make per minute, whatever the accounts. */
  loginsPerMinute: number;
  queueLimit: number;
  /** Songs one listener may have added that still wait for staff review. */
  pendingSongsMax: number;
  songLockHours: number;
  requestCooldownSeconds: number;
  /** The auto-DJ plays no artist heard in the last this many songs, when the library allows. */
  autoDjArtistSpacing: number;
  ffmpegPath: string | undefined;
  /** ffprobe; beside FFMPEG_PATH, or on the PATH, when unset. */
  ffprobePath: string | undefined;
  demoLibrary: boolean;
  /** Whether this process is a playout candidate (scheduler, encoder, streams). */
  station: boolean;
  /** Whether this process serves the HTTP API, the site, sockets and HLS. */
  api: boolean;
  /** The folder HLS is written to by the playout and served from by every API node. */
  hlsDir: string;
  /** Whether HLS_DIR was given: a folder of its own that a web server may read. */
  hlsPublic: boolean;
  /** Where the playout decodes tracks ahead (best on a local disk, not a shared volume). */
  spoolDir: string;
  admin: { username: string; password: string } | undefined;
  logLevel: string;
  /** Proxies whose X-Forwarded-For gives the client's address; empty: none, the peer is. */
  trustProxy: string[];
  /** Plain HTTP connections one client address may hold open (trusted proxies not counted). */
  httpMaxConnectionsPerIp: number;
  /** Seconds a request's line and headers may take to arrive. */
  httpHeadersTimeoutSeconds: number;
  /** Seconds in which a request body must bring 16 KiB or end. */
  httpBodyTimeoutSeconds: number;
  webDist: string | undefined;
  /** Worker processes for /ws sockets and MP3 listeners, and the audiences they start at. */
  workers: WorkersConfig;
  /** Bytes a /ws socket may have waiting to be sent; a socket that falls further behind is closed. */
  liveSendQueueBytes: number;
  /** Open /ws sockets allowed per client address; more are refused (429). */
  liveMaxSocketsPerIp: number;
  /** The Icecast mount the playout pushes its MP3 to, as a source client. */
  icecastSourceUrl: string | undefined;
  /** Where listeners find the Icecast stream; the web player offers it. */
  icecastPublicUrl: string | undefined;
  /** MP3 streams allowed per client address; more are refused (429). */
  mp3MaxPerIp: number;
  /** Seconds of audio an MP3 listener may fall behind before it is dropped. */
  mp3MaxLagSeconds: number;
  /** The largest audio file an upload may send, in MiB. */
  uploadMaxMiB: number;
  /** The longest song an upload or import may be, in seconds. */
  mediaMaxSeconds: number;
  /** Files analysed at once (uploads, imports); the rest wait their turn. */
  analysisConcurrency: number;
  /** CPU seconds the analysis of one file may take before it is refused. */
  analysisCpuSeconds: number;
  /** Seconds of crossfade into and out of a live show. */
  liveCrossfadeSeconds: number;
  /** Seconds the station holds a show for its DJ to come back before the queue resumes. */
  liveGraceSeconds: number;
  /** An audio file played while a show is held for its DJ; unset: a quiet tone made here. */
  liveStandbyFile: string | undefined;
  /** Days a live show's recording is kept; 0: shows are not recorded. */
  recordingsKeepDays: number;
  /** Where DJs connect, as their settings show it; unset: the site's own host and port. */
  livePublicAddress: { host: string; port: number } | undefined;
  /** Where other nodes reach this one to forward a DJ's connection when it plays. */
  playoutAddress: { host: string; port: number };
};

/** Every core but one, which stays for the playout and the site; at least one. */
function autoAnalysisConcurrency(): number {
  return Math.max(1, os.availableParallelism() - 1);
}

export class ConfigError extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'ConfigError' });
  }
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset", as in most shells' `VAR= cmd`.
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([key, v]) => key in EnvSchema.shape && v !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'}: ${i.message}`),
    );
  }
  const e = parsed.data;
  if (e.ROLES && e.STATION !== undefined) {
    throw new ConfigError(['STATION and ROLES: set one or the other (ROLES=api,playout)']);
  }
  // STATION=0 is the older way to say ROLES=api.
  const processRoles = e.ROLES ?? (e.STATION === false ? ['api'] : ['api', 'playout']);
  const dataDir = path.resolve(e.DATA_DIR);
  if ((e.ADMIN_USERNAME === undefined) !== (e.ADMIN_PASSWORD === undefined)) {
    throw new ConfigError(['ADMIN_USERNAME and ADMIN_PASSWORD: set both or neither']);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databaseNamedStatements: e.DATABASE_NAMED_STATEMENTS,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    tokenTtlSeconds: e.TOKEN_TTL,
    stationName: e.STATION_NAME,
    stationGenre: e.STATION_GENRE,
    stationUrl: e.STATION_URL,
    defaultDjLabel: e.DEFAULT_DJ_LABEL,
    signupMode: e.SIGNUP_MODE,
    signupsPerHour: e.SIGNUP_PER_HOUR,
    loginsPerMinute: e.LOGIN_PER_MINUTE,
    queueLimit: e.QUEUE_LIMIT,
    pendingSongsMax: e.PENDING_SONGS_MAX,
    songLockHours: e.SONG_LOCK_HOURS,
    requestCooldownSeconds: e.REQUEST_COOLDOWN_S,
    autoDjArtistSpacing: e.AUTODJ_ARTIST_SPACING,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    demoLibrary: e.DEMO_LIBRARY,
    station: processRoles.includes('playout'),
    api: processRoles.includes('api'),
    hlsDir: e.HLS_DIR ? path.resolve(e.HLS_DIR) : path.join(dataDir, 'hls'),
    hlsPublic: e.HLS_DIR !== undefined,
    spoolDir: e.SPOOL_DIR ? path.resolve(e.SPOOL_DIR) : path.join(dataDir, 'spool'),
    admin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    httpMaxConnectionsPerIp: e.HTTP_MAX_CONNECTIONS_PER_IP,
    httpHeadersTimeoutSeconds: e.HTTP_HEADERS_TIMEOUT_S,
    httpBodyTimeoutSeconds: e.HTTP_BODY_TIMEOUT_S,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    workers: workersConfig(e),
    liveSendQueueBytes: e.LIVE_SEND_QUEUE,
    liveMaxSocketsPerIp: e.LIVE_MAX_SOCKETS_PER_IP,
    mp3MaxPerIp: e.MP3_MAX_PER_IP,
    icecastSourceUrl: e.ICECAST_SOURCE_URL,
    icecastPublicUrl: e.ICECAST_PUBLIC_URL,
    mp3MaxLagSeconds: e.MP3_MAX_LAG_S,
    uploadMaxMiB: e.UPLOAD_MAX_MB,
    mediaMaxSeconds: Math.round(e.MEDIA_MAX_MINUTES * 60),
    analysisConcurrency:
      e.ANALYSIS_CONCURRENCY === 'auto'
        ? autoAnalysisConcurrency()
        : Number(e.ANALYSIS_CONCURRENCY),
    analysisCpuSeconds: e.ANALYSIS_CPU_S,
    liveCrossfadeSeconds: e.LIVE_CROSSFADE_S,
    liveGraceSeconds: e.LIVE_GRACE_S,
    liveStandbyFile: e.LIVE_STANDBY_FILE ? path.resolve(dataDir, e.LIVE_STANDBY_FILE) : undefined,
    recordingsKeepDays: e.RECORDINGS_KEEP_DAYS,
    backup: backupConfig(e, dataDir),
    insight: insightConfig(e),
    livePublicAddress: e.LIVE_PUBLIC_ADDRESS,
    playoutAddress: e.PLAYOUT_ADDRESS ?? {
      host: ['0.0.0.0', '::', ''].includes(e.HOST) ? os.hostname() : e.HOST,
      port: e.PORT,
    },
  };
}
