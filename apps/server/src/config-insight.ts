import { z } from 'zod';
import { bool } from './config-values.js';

const DESCRIPTION = 'Live radio with a shared song-request queue.';

/** What tools outside the station may read of it (read with the rest in config.ts). */
export const InsightEnv = z.object({
  /**
   * The bearer token `/metrics` asks for. Unset: `/metrics` answers private addresses only
   * (loopback, 10/8, 172.16/12, 192.168/16, fc00::/7), as a scraper inside the network is.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  STATION_DESCRIPTION: z.string().min(1).max(300).default(DESCRIPTION),
  /**
   * The sites that may show the `/embed` player in a frame: `*` (any), or origins separated by
   * commas (`https://a.example,https://b.example`).
   */
  EMBED_ORIGINS: z
    .string()
    .default('*')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .refine((list) => list.length > 0 && list.every((o) => o === '*' || isOrigin(o)), {
      message: 'must be * or http(s) origins separated by commas, such as https://a.example',
    }),
  /** Days the statistics keep raw minutes and sessions; their hourly and daily rollups stay. */
  STATS_RAW_DAYS: z.coerce.number().int().min(2).max(3650).default(14),
  /**
   * Webhooks may call loopback, private and link-local addresses (a receiver on the same
   * machine or network). Off: only addresses the open internet reaches.
   */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
});

function isOrigin(text: string): boolean {
  try {
    const url = new URL(text);
    return /^https?:$/.test(url.protocol) && url.origin === text.replace(/\/$/, '');
  } catch {
    return false;
  }
}

export interface InsightConfig {
  metricsToken: string | undefined;
  /** Told to Icecast and MP3 listeners, and by the station's status interfaces. */
  stationDescription: string;
  /** Who may frame `/embed`: `['*']` or origins. */
  embedOrigins: string[];
  /** Days raw listener minutes and sessions are kept. */
  statsRawDays: number;
  /** Webhooks may call addresses inside the network. */
  webhookAllowPrivate: boolean;
}

export function insightConfig(e: z.infer<typeof InsightEnv>): InsightConfig {
  return {
    metricsToken: e.METRICS_TOKEN,
    stationDescription: e.STATION_DESCRIPTION,
    embedOrigins: e.EMBED_ORIGINS.map((o) => o.replace(/\/$/, '')),
    statsRawDays: e.STATS_RAW_DAYS,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
  };
}
