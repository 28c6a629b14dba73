import type { FastifyBaseLogger } from 'fastify';
import type { Composition } from './compose.js';
import { ListenersAnnouncer } from './lib/listeners-announcer.js';
import { NODE_REPEAT_MS, NodeTally } from './lib/node-tally.js';
import { StatsRecorder } from './modules/stats/stats-recorder.js';
import { StatsTotalsRepo } from './modules/stats/stats-totals.repo.js';
import { StatsReadsRepo } from './modules/stats/stats-reads.repo.js';
import { StatsWritesRepo } from './modules/stats/stats-writes.repo.js';
import { StatsService } from './modules/stats/stats.service.js';
import { StatsTablesService } from './modules/stats/stats-tables.service.js';
import { StatsTopsRepo } from './modules/stats/stats-tops.repo.js';
import { statsRoutes } from './modules/stats/stats.routes.js';
import { IcecastListeners } from './station/mp3/icecast-listeners.js';

/**
 * The station's statistics: the recorder fed by the MP3 and HLS audiences, the open pages of
 * every node (each node says its count on the bus, as HLS clients are counted) and Icecast's
 * listeners where the MP3 is relayed; the minute samples and rollups written only by the
 * playout on air; the staff's charts read from the rollups.
 */
export function composeStats(ctx: Composition, log: FastifyBaseLogger) {
  const { station, bus, config, hlsListeners } = ctx;
  const sites = new NodeTally();
  const sitesAnnouncer = new ListenersAnnouncer(
    () => ctx.live.hub.size,
    (count) => bus.publish({ type: 'sites.sockets', node: hlsListeners.node, count }),
    undefined,
    NODE_REPEAT_MS,
  );
  ctx.live.hub.onArrive = () => sitesAnnouncer.poke();
  const unsubscribe = bus.subscribe((event) => {
    if (event.type === 'sites.sockets') sites.heardFrom(event.node, event.count);
  });
  const relay = config.icecastSourceUrl
    ? new IcecastListeners(new URL(config.icecastSourceUrl), log)
    : null;
  const totals = new StatsTotalsRepo(ctx.db);
  const recorder = new StatsRecorder({
    repo: new StatsWritesRepo(ctx.db),
    totals,
    counts: () =>
      station.isRunning
        ? {
            mp3: station.mp3.count,
            relay: relay?.count ?? 0,
            hls: hlsListeners.total(),
            sites: sites.total(),
          }
        : null,
    bus,
    log: log,
    rawDays: config.insight.statsRawDays,
  });
  station.mp3.onLeave = (stay) => recorder.session({ output: 'mp3', ...stay });
  hlsListeners.clients.onLeave = (stay) => recorder.session({ output: 'hls', ...stay });
  const reads = new StatsReadsRepo(ctx.db, () => totals.through());
  const service = new StatsService(reads, config.insight.statsRawDays);
  const tables = new StatsTablesService(
    new StatsTopsRepo(ctx.db, ctx.engine, () => totals.through()),
    reads,
  );
  return {
    recorder,
    routes: statsRoutes({ stats: service, tables, panels: reads, guards: ctx.guards }),
    start(): void {
      if (config.api) sitesAnnouncer.start();
      relay?.start();
      recorder.start();
    },
    async stop(): Promise<void> {
      sitesAnnouncer.stop();
      relay?.stop();
      unsubscribe();
      await recorder.stop();
    },
  };
}
