import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LiveSockets } from './live-sockets.js';

const PING_MS = 300;
const update = (version: number, text: string) => ({ version, bytes: Buffer.from(text) });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.map((c) => c()));
  cleanup = [];
});

/** A real HTTP server whose /ws upgrades go to `sockets`, numbered from 1. */
async function serve(sockets: LiveSockets): Promise<number> {
  const server = http.createServer((_, res) => res.writeHead(404).end());
  let id = 0;
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) =>
    sockets.accept(
      { id: ++id, req: { method: req.method!, url: req.url!, headers: req.headers }, socket, head },
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

  it('sends only newer updates, framed once, the same bytes to all; coalesces refreshes', async () => {
    const sockets = new LiveSockets({ refreshWindowMs: 300 });
    const port = await serve(sockets);
    const clients = await Promise.all([0, 1].map(() => client(port)));
    sockets.publish(update(3, '{"n":3}'));
    sockets.publish(update(2, '{"n":2}')); // older: dropped
    sockets.publish(update(4, '{"n":4}'), true); // held for refreshes, not written
    clients[0]!.ws.send('{"type":"refresh"}'); // 4 not sent yet: written
    clients[0]!.ws.send('{"type":"refresh"}'); // 4 just sent: nothing
    await new Promise((r) => setTimeout(r, 100));
    clients[0]!.ws.send('{"type":"refresh"}'); // still within the window: nothing
    await new Promise((r) => setTimeout(r, 400));
    clients[0]!.ws.send('{"type":"refresh"}'); // the window has passed: written again
    await new Promise((r) => setTimeout(r, 100));
    expect(clients[0]!.got).toEqual(['{"n":1}', '{"n":3}', '{"n":4}', '{"n":4}']);
    expect(clients[1]!.got).toEqual(['{"n":1}', '{"n":3}']);
    clients.forEach((c) => c.ws.close());
  });

  it('writes a room’s message to its members only, and a session to its socket', async () => {
    const sockets = new LiveSockets();
    const auths: [number, string | null][] = [];
    sockets.listen({ auth: (id, token) => auths.push([id, token]), closed: () => undefined });
    const port = await serve(sockets);
    const [a, b, c] = [await client(port), await client(port), await client(port)];
    a.ws.send(JSON.stringify({ type: 'auth', token: 'x'.repeat(1500) })); // over 1 KiB: kept
    b.ws.send(JSON.stringify({ type: 'auth', token: null }));
    await until(() => auths.length === 2);
    expect(auths).toEqual([
      [1, 'x'.repeat(1500)],
      [2, null],
    ]);
    sockets.session(1, ['all', 'user:5'], Buffer.from('{"s":1}'));
    sockets.session(3, ['all', 'user:5', 'staff'], Buffer.from('{"s":3}'));
    sockets.send('user:5', Buffer.from('{"to":"user:5"}'));
    sockets.send('staff', Buffer.from('{"to":"staff"}'));
    sockets.send('user:6', Buffer.from('{"to":"user:6"}'));
    sockets.session(1, ['all'], Buffer.from('{"s":0}'));
    sockets.send('user:5', Buffer.from('{"to":"user:5 again"}'));
    sockets.send('all', Buffer.from('{"to":"all"}'));
    await until(() => b.got.length === 2 && a.got.length === 5 && c.got.length === 6);
    expect(a.got).toEqual(['{"n":1}', '{"s":1}', '{"to":"user:5"}', '{"s":0}', '{"to":"all"}']);
    expect(b.got).toEqual(['{"n":1}', '{"to":"all"}']);
    expect(c.got).toEqual([
      '{"n":1}',
      '{"s":3}',
      '{"to":"user:5"}',
      '{"to":"staff"}',
      '{"to":"user:5 again"}',
      '{"to":"all"}',
    ]);
    [a, b, c].forEach((x) => x.ws.close());
  });

  it('writes the room messages of one turn as one write per socket, in order with updates', async () => {
    const sockets = new LiveSockets();
    const port = await serve(sockets);
    const [a, b] = [await client(port), await client(port)];
    const peers = (sockets as unknown as { peers: Map<number, { connection: net.Socket }> }).peers;
    const writes = [...peers.values()].map((peer) => vi.spyOn(peer.connection, 'write'));
    for (let i = 0; i < 10; i++) sockets.send('all', Buffer.from(`{"m":${i}}`));
    sockets.publish(update(2, '{"n":2}'));
    sockets.send('all', Buffer.from('{"m":10}'));
    await until(() => a.got.length === 13 && b.got.length === 13);
    const expected = [
      '{"n":1}',
      ...Array.from({ length: 10 }, (_, i) => `{"m":${i}}`),
      '{"n":2}',
      '{"m":10}',
    ];
    expect(a.got).toEqual(expected);
    expect(b.got).toEqual(expected);
    // The ten messages in one write, the update in another, the last message in a third.
    expect(writes.map((w) => w.mock.calls.length)).toEqual([3, 3]);
    [a, b].forEach((x) => x.ws.close());
  });

  it('closes a socket that does not read once its send queue passes the bound', async () => {
    const bound = 64 * 1024;
    const sockets = new LiveSockets({ maxQueuedBytes: bound });
    const closed: number[] = [];
    sockets.listen({ auth: () => undefined, closed: (id) => closed.push(id) });
    const port = await serve(sockets);
    const reader = await client(port);
    const silent = await mute(port);
    silent.pause();
    const payload = 'y'.repeat(20_000);
    let most = 0;
    for (let v = 2; closed.length === 0 && v < 5000; v++) {
      sockets.publish(update(v, `{"v":${v},"p":"${payload}"}`));
      // what waits for the silent socket's kernel buffer never exceeds the bound
      const peer = [
        ...(
          sockets as unknown as { peers: Map<number, { connection: net.Socket }> }
        ).peers.values(),
      ].at(-1)!;
      most = Math.max(most, peer.connection.writableLength);
      await new Promise((r) => setImmediate(r));
    }
    expect(closed).toEqual([2]);
    expect(most).toBeLessThanOrEqual(bound);
    expect(most).toBeGreaterThan(bound / 2);
    expect(reader.ws.readyState).toBe(WebSocket.OPEN);
    reader.ws.close();
    silent.destroy();
  });

  it('drops messages over the rate and closes a flooding socket with 1008', async () => {
    const sockets = new LiveSockets({
      inboundLimits: { burst: 5, perSecond: 1, closeAfter: 20 },
      refreshWindowMs: 0,
    });
    const port = await serve(sockets);
    const flooder = await client(port);
    const calm = await client(port);
    const closed = new Promise<number>((resolve) => flooder.ws.once('close', resolve));
    for (let i = 0; i < 100; i++) flooder.ws.send('{"type":"refresh"}');
    expect(await closed).toBe(1008);
    // five answered (the burst), the rest dropped
    expect(flooder.got).toHaveLength(1 + 5);
    calm.ws.send('{"type":"refresh"}');
    await until(() => calm.got.length === 2);
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
    calm.ws.close();
  });
});

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 3000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A ws client that records every message, once it has its first. */
async function client(port: number): Promise<{ ws: WebSocket; got: string[] }> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
  const got: string[] = [];
  ws.on('message', (d: Buffer) => got.push(d.toString()));
  await new Promise((resolve) => ws.once('message', resolve));
  return { ws, got };
}
