import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { leaveConnectionCap } from '../lib/connection-cap.js';
import type { LiveHub } from './live-hub.js';

/**
 * `/ws` is taken at the HTTP upgrade, before any routing, so that the raw connection can be
 * handed to a fan-out process. Any other upgrade is answered 404.
 */
export function liveRoutes(hub: LiveHub): FastifyPluginAsync {
  return async (app) => {
    const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      // No longer plain HTTP: a /ws socket counts against LIVE_MAX_SOCKETS_PER_IP instead.
      leaveConnectionCap(socket as Socket);
      const path = (req.url ?? '').split('?', 1)[0];
      if (path === '/ws') return hub.accept(req, socket as Socket, head);
      socket.on('error', () => undefined);
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    };
    app.server.on('upgrade', onUpgrade);
    // Before the server closes: it would otherwise wait for sockets handed to the fan-out.
    app.addHook('preClose', async () => {
      app.server.off('upgrade', onUpgrade);
      await hub.close();
    });
  };
}
