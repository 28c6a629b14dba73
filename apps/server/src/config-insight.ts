import { z } from 'zod';

const DESCRIPTION = 'Live radio with a shared song-request queue.';

/** What tools outside the station may read of it (read with the rest in config.ts). */
export const InsightEnv = z.object({
  /**
   * The bearer token `/metrics` asks for. Unset: `/metrics` answers private addresses only
   * (loopback, 10/8, 172.16/12, 192.168/16, fc00::/7), as a scraper inside the network is.
   */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  STATION_DESCRIPTION: z.string().min(1).max(300).default(DESCRIPTION),
});

export interface InsightConfig {
  metricsToken: string | undefined;
  /** Told to Icecast and MP3 listeners, and by the station's status interfaces. */
  stationDescription: string;
}

export function insightConfig(e: z.infer<typeof InsightEnv>): InsightConfig {
  return { metricsToken: e.METRICS_TOKEN, stationDescription: e.STATION_DESCRIPTION };
}
