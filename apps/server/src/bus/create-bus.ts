import crypto from 'node:crypto';
import type { EventBus } from '../core/bus.js';
import { MemoryEventBus } from './memory-bus.js';
import { RedisEventBus, redactUrl, type BusLog } from './redis-bus.js';

export interface BusSettings {
  /** Set: the bus between every node on this Redis; unset: this process only. */
  redisUrl: string | undefined;
  databaseUrl: string | undefined;
  dataDir: string;
}

/**
 * What every Redis key and channel of one station starts with: the nodes that share a database
 * share it. It is named after the database's name (not its host, which nodes may spell differently) and the
 * database number in REDIS_URL: Redis pub/sub ignores database numbers, so the name carries
 * it, and stations sharing one Redis keep apart as their operators would expect.
 */
export function stationKeyPrefix(settings: BusSettings & { redisUrl: string }): string {
  const redisDb = Number(new URL(settings.redisUrl).pathname.slice(1)) || 0;
  let database: string;
  if (settings.databaseUrl) {
    const url = new URL(settings.databaseUrl);
    // PostgreSQL's default database is the one named like the user.
    database =
      decodeURIComponent(url.pathname.slice(1)) || decodeURIComponent(url.username) || 'postgres';
  } else {
    const digest = crypto.createHash('sha256').update(settings.dataDir).digest('hex');
    database = `sqlite-${digest.slice(0, 16)}`;
  }
  return `queuecast:${redisDb}:${database}`;
}

/** The Redis channel of one station's bus. */
export const busChannel = (settings: BusSettings & { redisUrl: string }): string =>
  `${stationKeyPrefix(settings)}:events`;

/** The Redis bus when REDIS_URL is set, the memory bus otherwise. */
export function createEventBus(settings: BusSettings, log: BusLog): EventBus {
  if (!settings.redisUrl) return new MemoryEventBus();
  const channel = busChannel({ ...settings, redisUrl: settings.redisUrl });
  log.info({ redis: redactUrl(settings.redisUrl), channel }, 'event bus on Redis');
  return new RedisEventBus({ url: settings.redisUrl, channel, log });
}
