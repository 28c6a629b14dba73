import { sql } from 'kysely';
import type { Composition } from './compose.js';
import { StationMetrics } from './modules/metrics/metrics.js';

/** The node's metrics, each read from the part of the station that knows it. */
export function createMetrics(ctx: Composition): StationMetrics {
  const { station, bus, db } = ctx;
  return new StationMetrics({
    listeners: () => ({ mp3: station.mp3.count, hls: ctx.hlsListeners.clients.count() }),
    stationListeners: () => station.listeners,
    sockets: () => ctx.live.hub.size,
    playoutTickLag: () => (station.isRunning ? station.playout.tickLag.takeWorst() : null),
    encoderRestarts: () => (station.isRunning ? station.encoder.restarts : null),
    pingDatabase: async () => {
      await sql`select 1`.execute(db);
    },
    pingRedis: bus.ping ? () => bus.ping!() : null,
  });
}
