import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { ProcessFanout } from './live/fanout-processes.js';
import type { LiveFanout } from './live/live-fanout.js';
import { LiveSockets } from './live/live-sockets.js';
import { LocalMp3Audience, type Mp3Audience, type Mp3Limits } from './station/mp3/mp3-audience.js';
import { DEFAULT_LAG_LIMITS, type StationInfo } from './station/mp3/mp3-listeners.js';
import { ProcessMp3Audience } from './station/mp3/mp3-processes.js';
import { MP3_BYTES_PER_SECOND } from './station/mp3/mp3-stream.js';

// What the composition root builds from the configuration alone: where live updates and the
// MP3 stream are written (in this process or in worker processes) and where shows are recorded.

export function createFanout(config: Config, log: FastifyBaseLogger): LiveFanout {
  // A playout-only process has no sockets to write to.
  const demand = config.workers.fanout;
  const maxQueuedBytes = config.liveSendQueueBytes;
  return config.api && demand.processes > 0
    ? new ProcessFanout(demand, log, { maxQueuedBytes })
    : new LiveSockets({ maxQueuedBytes });
}

export function createMp3Audience(config: Config, log: FastifyBaseLogger): Mp3Audience {
  const info: StationInfo = {
    name: config.stationName,
    genre: config.stationGenre,
    description: config.insight.stationDescription,
    url: config.stationUrl,
  };
  const limits: Mp3Limits = {
    maxPerAddress: config.mp3MaxPerIp,
    maxLagBytes: config.mp3MaxLagSeconds * MP3_BYTES_PER_SECOND,
    lagCheckMs: DEFAULT_LAG_LIMITS.lagCheckMs,
  };
  // A playout-only process serves no listeners.
  const demand = config.workers.mp3;
  return config.api && demand.processes > 0
    ? new ProcessMp3Audience(demand, info, limits, log)
    : new LocalMp3Audience(info, limits);
}

/** Where live shows are recorded (DATA_DIR/recordings), unless RECORDINGS_KEEP_DAYS is 0. */
export function recordingsDir(config: Config): { dir: string; keepDays: number } | null {
  return config.recordingsKeepDays > 0
    ? { dir: path.join(config.dataDir, 'recordings'), keepDays: config.recordingsKeepDays }
    : null;
}
