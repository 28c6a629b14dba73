import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import WebSocket from 'ws';
import type { App } from '../../src/app.js';
import { createTestApp } from './test-app.js';

/** The real app listening on a port, with its /ws address. */
export async function listening(env: Record<string, string>) {
  const app = await createTestApp({ env });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { app, port: address.port, url: `ws://127.0.0.1:${address.port}/ws` };
}

export interface Client {
  ws: WebSocket;
  frames: string[];
  /** The next frame not yet taken by `next`. */
  next(ms?: number): Promise<string>;
  closed: Promise<number>;
}

/** A real socket that records every raw frame it receives. */
export async function connect(url: string): Promise<Client> {
  const ws = new WebSocket(url);
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  let read = 0;
  ws.on('message', (data: Buffer) => {
    frames.push(data.toString('utf8'));
    waiters.splice(0).forEach((w) => w());
  });
  const closed = new Promise<number>((resolve) => ws.once('close', resolve));
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  return {
    ws,
    frames,
    closed,
    next: (ms = 3000) =>
      new Promise((resolve, reject) => {
        if (frames.length > read) return resolve(frames[read++]!);
        const timer = setTimeout(() => reject(new Error(`no live message within ${ms} ms`)), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(frames[read++]!);
        });
      }),
  };
}

/** The status of an upgrade the server refuses. */
export function refusedStatus(url: string): Promise<number> {
  const ws = new WebSocket(url);
  return new Promise<number>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
  });
}

/**
 * A client on a raw TCP socket: the handshake, then nothing read (the socket is paused), so
 * the server's frames pile up. `send` writes masked text frames.
 */
export async function rawClient(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const key = crypto.randomBytes(16).toString('base64');
  socket.write(
    `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  );
  const head = await new Promise<string>((resolve, reject) => {
    socket.once('data', (d: Buffer) => resolve(d.toString('latin1')));
    socket.once('close', () => reject(new Error('closed during the handshake')));
  });
  socket.pause();
  if (!head.startsWith('HTTP/1.1 101')) {
    socket.destroy();
    throw new Error(`handshake refused: ${head.split('\r\n', 1)[0]}`);
  }
  return socket;
}

export { clientFrame } from './live-frames.js';

export async function until(check: () => boolean, what: string, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resident memory of a process, in MiB (VmRSS from /proc). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+)/m.exec(status)?.[1];
  return Number(kb) / 1024;
}

/** The socket inodes a process holds open, from /proc. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const m = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      if (m) inodes.add(m[1]!);
    } catch {
      // closed meanwhile
    }
  }
  return inodes;
}

/**
 * Which of `pids` holds the server's end of the connection from client port `clientPort` to
 * server port `serverPort` (IPv4 loopback), from /proc/net/tcp and the processes' fds.
 */
export function holderOf(pids: number[], serverPort: number, clientPort: number): number | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  const line = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(`:${hex(serverPort)}`) && f[2]?.endsWith(`:${hex(clientPort)}`));
  const inode = line?.[9];
  if (!inode) return null;
  return pids.find((pid) => socketInodes(pid).has(inode)) ?? null;
}

/** Closes the clients and waits until the hub has counted them gone. */
export async function closeAll(app: App, clients: Client[]): Promise<void> {
  clients.splice(0).forEach((c) => c.ws.terminate());
  await until(() => app.ctx.live.hub.size === 0, 'every socket to be counted closed');
}
