import type { FastifyPluginAsync } from 'fastify';
import type { LiveHub } from './live-hub.js';

export function liveRoutes(hub: LiveHub): FastifyPluginAsync {
  return async (app) => {
    app.get('/ws', { websocket: true, schema: { hide: true } }, (socket, req) =>
      hub.add(socket, req.socket),
    );
    app.addHook('onClose', async () => hub.close());
  };
}
