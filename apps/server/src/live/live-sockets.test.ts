import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { LiveSockets } from './live-sockets.js';

const PING_MS = 300;
const update = (version: number, text: string) => ({ version, bytes: Buffer.from(text) });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

/** A real HTTP server whose /ws upgrades go to `sockets`. */
async function serve(sockets: LiveSockets): Promise<number> {
  const server = http.createServer((_, res) => res.writeHead(404).end());
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) =>
    sockets.accept(
      { method: req.method!, url: req.url!, headers: req.headers },
      socket,
      head,
      update(1, '{"n":1}'),
    ),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    await sockets.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  return (server.address() as net.AddressInfo).port;
}

/** A client that completes the handshake and then never reads or answers anything. */
async function mute(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  const key = crypto.randomBytes(16).toString('base64');
  socket.write(
    `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  await new Promise((resolve) => socket.once('data', resolve));
  return socket;
}

describe('LiveSockets', () => {
  it('cuts a socket that does not answer pings and keeps one that does', async () => {
    const sizes: number[] = [];
    const sockets = new LiveSockets({
      pingIntervalMs: PING_MS,
      onSizeChange: (n) => sizes.push(n),
    });
    const port = await serve(sockets);
    const live = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    await new Promise((resolve) => live.once('message', resolve));
    const silent = await mute(port);
    const cut = new Promise((resolve) => silent.once('close', resolve));
    await new Promise((r) => setTimeout(r, 50));
    expect(sockets.size).toBe(2);
    // Pinged within one interval, cut at the next if no pong came.
    await cut;
    while (sockets.size !== 1) await new Promise((r) => setTimeout(r, 10));
    expect(live.readyState).toBe(WebSocket.OPEN);
    await new Promise((r) => setTimeout(r, PING_MS * 2));
    expect(live.readyState).toBe(WebSocket.OPEN);
    expect(sizes).toEqual([1, 2, 1]);
    live.close();
  });

  it('pings each socket once per interval, spread over it', async () => {
    const sockets = new LiveSockets({ pingIntervalMs: PING_MS });
    const port = await serve(sockets);
    const pings: number[][] = [];
    const clients = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        pings[i] = [];
        ws.on('ping', () => pings[i]!.push(performance.now()));
        await new Promise((resolve) => ws.once('message', resolve));
        return ws;
      }),
    );
    const started = performance.now();
    await new Promise((r) => setTimeout(r, PING_MS * 3));
    clients.forEach((ws) => ws.close());
    for (const times of pings) expect(times.length).toBeGreaterThanOrEqual(2);
    const firsts = pings.map((t) => t.find((x) => x >= started)!);
    // not all in the same instant: six slices apart
    expect(Math.max(...firsts) - Math.min(...firsts)).toBeGreaterThan(PING_MS / 10);
  });

  it('sends only newer updates, framed once, the same bytes to all', async () => {
    const sockets = new LiveSockets();
    const port = await serve(sockets);
    const clients = await Promise.all(
      [0, 1].map(async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
        const got: string[] = [];
        ws.on('message', (d: Buffer) => got.push(d.toString()));
        await new Promise((resolve) => ws.once('message', resolve));
        return { ws, got };
      }),
    );
    sockets.publish(update(3, '{"n":3}'));
    sockets.publish(update(2, '{"n":2}')); // older: dropped
    clients[0]!.ws.send('{"type":"refresh"}');
    await new Promise((r) => setTimeout(r, 100));
    expect(clients[0]!.got).toEqual(['{"n":1}', '{"n":3}', '{"n":3}']);
    expect(clients[1]!.got).toEqual(['{"n":1}', '{"n":3}']);
    clients.forEach((c) => c.ws.close());
  });
});
