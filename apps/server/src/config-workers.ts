import os from 'node:os';
import { z } from 'zod';
import type { OnDemandOptions } from './lib/on-demand.js';

const processes = z
  .string()
  .refine(
    (v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) <= 16),
    'must be auto or a whole number from 0 to 16',
  )
  .default('auto');
const from = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number from 0 to 1000000' })
    .int('must be a whole number from 0 to 1000000')
    .min(0, 'must be a whole number from 0 to 1000000')
    .max(1_000_000, 'must be a whole number from 0 to 1000000')
    .default(fallback);

/**
 * Sockets from which new /ws sockets go to the fan-out processes (measured: bench/README.md,
 * "worker thresholds"). The processes cost about 100 MiB whatever the audience; up to 1,000
 * sockets this process delivers an update as fast as they do, from 2,000 on more slowly
 * (p99 59 ms against 40).
 */
export const DEFAULT_FANOUT_FROM = 2000;
/**
 * MP3 listeners from which new ones go to the listener process (measured as above). The
 * process costs about 50 MiB, a listener held here about 11 KB; from 1,000 listeners on the
 * process writes them for about 15 % less CPU, and this event loop, which answers the site,
 * no longer carries their writes.
 */
export const DEFAULT_MP3_FROM = 1000;

/** Where connections are held: this process, or worker processes beside it (read in config.ts). */
export const WorkersEnv = z.object({
  LIVE_FANOUT_PROCESSES: processes,
  LIVE_FANOUT_FROM: from(DEFAULT_FANOUT_FROM),
  MP3_PROCESSES: processes,
  MP3_PROCESSES_FROM: from(DEFAULT_MP3_FROM),
  /** Seconds an audience stays under half its threshold before the processes hand theirs back. */
  WORKERS_CALM_S: z.coerce
    .number({ error: 'must be a whole number of seconds from 1 to 86400' })
    .int('must be a whole number of seconds from 1 to 86400')
    .min(1, 'must be a whole number of seconds from 1 to 86400')
    .max(86_400, 'must be a whole number of seconds from 1 to 86400')
    .default(300),
});

export interface WorkersConfig {
  /** Processes that write live updates to /ws sockets, and from how many sockets. */
  fanout: OnDemandOptions;
  /** Processes that hold the MP3 listeners' connections, and from how many listeners. */
  mp3: OnDemandOptions;
}

export function workersConfig(e: z.infer<typeof WorkersEnv>): WorkersConfig {
  return {
    fanout: {
      processes:
        e.LIVE_FANOUT_PROCESSES === 'auto'
          ? autoFanoutProcesses()
          : Number(e.LIVE_FANOUT_PROCESSES),
      threshold: e.LIVE_FANOUT_FROM,
      calmMs: e.WORKERS_CALM_S * 1000,
    },
    mp3: {
      processes: e.MP3_PROCESSES === 'auto' ? autoMp3Processes() : Number(e.MP3_PROCESSES),
      threshold: e.MP3_PROCESSES_FROM,
      calmMs: e.WORKERS_CALM_S * 1000,
    },
  };
}

/** One fan-out process per core (at most 4) where there is more than one core. */
function autoFanoutProcesses(): number {
  const cores = os.availableParallelism();
  return cores > 1 ? Math.min(cores, 4) : 0;
}

/**
 * One listener process where there is more than one core: it takes the listeners' memory and
 * writes out of the server. It writes 5,000 listeners in a fraction of a core; more can be set.
 */
function autoMp3Processes(): number {
  return os.availableParallelism() > 1 ? 1 : 0;
}
