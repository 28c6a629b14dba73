import type { Composition } from './compose.js';
import { stationStatusRoutes } from './modules/station-status/station-status.routes.js';
import { StationStatusService } from './modules/station-status/station-status.service.js';
import { oembedRoutes } from './modules/web-app/oembed.routes.js';

/**
 * What tools outside the station read: its status (now playing, Icecast's JSON status), built
 * on an API node from the playback update the live channel sends, and oEmbed for song pages.
 * `publicUrl`: the station's own origin (STATION_URL), or null to answer with the origin each
 * caller used.
 */
export function statusRoutes(ctx: Composition, publicUrl: string | null) {
  const { config } = ctx;
  const status = new StationStatusService({
    playback: ctx.services.playback,
    bus: ctx.bus,
    clock: ctx.clock,
    station: {
      name: config.stationName,
      description: config.insight.stationDescription,
      genre: config.stationGenre,
      url: publicUrl ? config.stationUrl : '',
    },
  });
  return [
    stationStatusRoutes({
      status,
      publicUrl,
      stationName: config.stationName,
      embedOrigins: config.insight.embedOrigins,
    }),
    oembedRoutes({ pageMeta: ctx.pageMeta, publicUrl }),
  ];
}
