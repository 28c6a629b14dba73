/**
 * The audience bench/playout-peer can put in front of each side: MP3 listeners reading their
 * stream as fast as it comes (the players' buffers full, as at rest), and, for Queuecast, one
 * site visitor: a /ws socket that gets the live updates.
 */
import net from 'node:net';
import WebSocket from 'ws';
import { sleep } from '../support/processes.js';

export interface Audience {
  /** Bytes each listener has received, in order. */
  received(): number[];
  close(): void;
}

/** `count` listeners on `http://127.0.0.1:<port><path>`, opened a few at a time. */
export async function mp3Listeners(port: number, path: string, count: number): Promise<Audience> {
  const sockets: net.Socket[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < count; i++) {
    const index = i;
    bytes.push(0);
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: bench\r\n\r\n`),
    );
    socket.on('data', (d: Buffer) => (bytes[index]! += d.length));
    socket.on('error', () => undefined);
    sockets.push(socket);
    if (i % 10 === 9) await sleep(50);
  }
  const deadline = Date.now() + 15_000;
  while (bytes.some((b) => b === 0)) {
    if (Date.now() > deadline) {
      throw new Error(`${bytes.filter((b) => b === 0).length} of ${count} listeners got nothing`);
    }
    await sleep(100);
  }
  return { received: () => [...bytes], close: () => sockets.forEach((s) => s.destroy()) };
}

/** One page open on the station: its /ws socket, once it has had the first update. */
export async function siteVisitor(wsUrl: string): Promise<Audience> {
  const ws = new WebSocket(wsUrl);
  let bytes = 0;
  ws.on('message', (d: Buffer) => (bytes += d.length));
  ws.on('error', () => undefined);
  await new Promise((resolve, reject) => {
    ws.once('message', resolve);
    ws.once('error', reject);
  });
  return { received: () => [bytes], close: () => ws.terminate() };
}
