/**
 * The floor for bench/live-fanout (`--floor`): the least any server can do to deliver one
 * update to N WebSocket clients on this machine, with the same clients and the same timing.
 * `processes` cluster workers accept /ws upgrades (the handshake answered by hand) and, for
 * each round, write one pre-built text frame carrying the marker to each of their sockets:
 * one write per socket and nothing else. No HTTP app, no database, no audio, no pings.
 *
 * Driven over IPC by live-fanout.ts: `{type: 'go', marker}` answers `{type: 'sent'}` once
 * every worker has written. Arguments: `<port> <processes> <update bytes> <marker at>`, the
 * last the byte of the payload where the quoted marker starts (as in Queuecast's update), or
 * -1 for near the start.
 */
import cluster from 'node:cluster';
import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';

const [port, processes, updateBytes, markerAt = -1] = process.argv.slice(2).map(Number) as [
  number,
  number,
  number,
  number?,
];
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/**
 * A text frame of `bytes` bytes of JSON naming `marker` as an active user, the quoted marker
 * starting at byte `markerAt` of the payload where that is possible.
 */
function frame(marker: string, bytes: number): Buffer {
  const start = '{"type":"playback_update","pad":"';
  const before = '","active_users":[{"username":';
  const pad = 'x'.repeat(Math.max(0, markerAt - start.length - before.length));
  const head = `${start}${pad}${before}${JSON.stringify(marker)}}],"tail":"`;
  const payload = Buffer.from(`${head}${'x'.repeat(Math.max(0, bytes - head.length - 2))}"}`);
  const header = payload.length < 126 ? 2 : 4;
  const out = Buffer.allocUnsafe(header + payload.length);
  out[0] = 0x81;
  if (header === 2) out[1] = payload.length;
  else {
    out[1] = 126;
    out.writeUInt16BE(payload.length, 2);
  }
  payload.copy(out, header);
  return out;
}

if (cluster.isPrimary) {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  let listening = 0;
  let pending = 0;
  for (const worker of workers) {
    worker.on('listening', () => {
      if (++listening === workers.length) process.send!({ type: 'ready' });
    });
    worker.on('message', () => {
      if (--pending === 0) process.send!({ type: 'sent' });
    });
  }
  process.on('message', (message: { type: 'go'; marker: string }) => {
    const bytes = frame(message.marker, updateBytes);
    pending = workers.length;
    for (const worker of workers) worker.send(bytes.toString('latin1'));
  });
  process.on('disconnect', () => process.exit(0));
} else {
  const sockets = new Set<Socket>();
  const greeting = frame('-', updateBytes);
  const server = http.createServer((_, res) => res.writeHead(404).end());
  server.on('upgrade', (req: http.IncomingMessage, socket: Socket) => {
    const key = req.headers['sec-websocket-key'] ?? '';
    const accept = crypto
      .createHash('sha1')
      .update(key + GUID)
      .digest('base64');
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
    socket.write(greeting);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    socket.resume();
    sockets.add(socket);
  });
  server.listen(port, '127.0.0.1');
  process.on('message', (latin1: string) => {
    const bytes = Buffer.from(latin1, 'latin1');
    for (const socket of sockets) socket.write(bytes);
    process.send!('sent');
  });
}
