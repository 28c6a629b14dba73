/**
 * The Socket.IO side of bench/live-fanout: a plain Socket.IO 4 broadcast server, as an app
 * would write one. One process, the default in-memory adapter, WebSocket transport only,
 * every other option at its default (pings every 25 s, no compression).
 *
 * Each socket gets a `playback_update` event as it connects; `POST /change?marker=M` emits one
 * to every connected socket (`io.emit`) and answers 204 once the emit has returned. The
 * event's data names the marker as an active user and is padded so that the message on the
 * wire (Engine.IO and Socket.IO packet types included) is `bytes` long, the size of
 * Queuecast's update, the quoted marker starting at its byte `markerAt` where that is possible
 * (as in Queuecast's update; -1: near the start). Tells the parent `{type: 'ready'}` over IPC
 * once it listens. Arguments: `<port> <bytes> <markerAt>`.
 */
import http from 'node:http';
import { Server } from 'socket.io';

const [port, bytes, markerAt = -1] = process.argv.slice(2).map(Number) as [number, number, number?];
const EVENT = 'playback_update';

/** The event's data for `marker`, padded to a `bytes`-long `42[...]` text message. */
function update(marker: string) {
  const data = { type: EVENT, pad: '', active_users: [{ username: marker }], tail: '' };
  const wireOf = () => `42${JSON.stringify([EVENT, data])}`;
  data.pad = 'x'.repeat(Math.max(0, markerAt - wireOf().indexOf(JSON.stringify(marker))));
  data.tail = 'x'.repeat(Math.max(0, bytes - Buffer.byteLength(wireOf())));
  return data;
}

const httpServer = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/change') {
    io.emit(EVENT, update(url.searchParams.get('marker') ?? ''));
    res.writeHead(204).end();
  } else if (url.pathname === '/healthz') {
    res.writeHead(200).end('ok');
  } else {
    res.writeHead(404).end();
  }
});
const io = new Server(httpServer, { transports: ['websocket'], serveClient: false });
const greeting = update('-');
io.on('connection', (socket) => socket.emit(EVENT, greeting));

httpServer.listen(port, '127.0.0.1', () => process.send!({ type: 'ready' }));
process.on('disconnect', () => process.exit(0));
