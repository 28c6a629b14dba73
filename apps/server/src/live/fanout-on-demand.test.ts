import http from 'node:http';
import type net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { sleep, until } from '../../test/helpers/until.js';
import WebSocket from 'ws';
import { ProcessFanout } from './fanout-processes.js';

/*
 * /ws sockets in the server while they are few and in a fan-out process once they are many:
 * real sockets through a real HTTP server, a real worker process. Every update and room
 * message is numbered, so a client sees any it missed.
 */

const log = Fastify({ logger: false }).log;
const cleanup: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0).reverse()) await c();
});

let version = 1;
const update = () => {
  version++;
  return { version, bytes: Buffer.from(JSON.stringify({ type: 'update', n: version })) };
};

/** A client keeping the numbers of the updates and room messages it got. */
class Client {
  readonly updates: number[] = [];
  readonly lines: number[] = [];
  closed = false;
  readonly ws: WebSocket;

  constructor(port: number) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    this.ws.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as { type: string; n: number };
      (message.type === 'update' ? this.updates : this.lines).push(message.n);
    });
    this.ws.on('close', () => (this.closed = true));
    cleanup.push(() => this.ws.terminate());
  }
}

async function station(threshold: number) {
  const fanout = new ProcessFanout({ processes: 1, threshold, calmMs: 300 }, log);
  fanout.listen({ auth: () => undefined, closed: () => undefined });
  const server = http.createServer((_, res) => res.writeHead(404).end());
  let id = 0;
  server.on('upgrade', (req, socket: net.Socket, head: Buffer) => {
    const connection = { method: req.method!, url: req.url!, headers: req.headers };
    fanout.accept({ id: ++id, req: connection, socket, head }, update());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(async () => {
    await fanout.close();
    server.closeAllConnections();
    server.close();
  });
  const port = (server.address() as net.AddressInfo).port;
  const connect = async () => {
    const before = fanout.size;
    const client = new Client(port);
    await until('a socket', () => client.updates.length > 0 && fanout.size === before + 1);
    return client;
  };
  let line = 0;
  /** An update and a room message to every socket; answers their numbers. */
  const say = () => {
    const u = update();
    fanout.publish(u);
    line++;
    fanout.send('all', Buffer.from(JSON.stringify({ type: 'line', n: line })));
    return { update: u.version, line };
  };
  return { fanout, connect, say };
}

/** Whether `client` got everything said from `first` (a `say` answer) to the last. */
function heardAll(client: Client, first: { update: number; line: number }, last: number): boolean {
  const lines = client.lines.filter((n) => n >= first.line);
  return lines.length === last - first.line + 1 && lines.every((n, i) => n === first.line + i);
}

describe('live fan-out processes on demand', () => {
  it('start past the threshold and stop once their sockets are gone, no update missed', async () => {
    const { fanout, connect, say } = await station(3);
    const early = [await connect(), await connect()];
    expect(fanout.here).toBe(2);
    expect(fanout.pids).toEqual([]);
    // The third socket and those after go to a worker; the first two stay here.
    const late = [await connect(), await connect()];
    await until('the fan-out process', () => fanout.pids.length === 1);
    expect(fanout.here).toBe(2);
    const pid = fanout.pids[0]!;
    const first = say();
    let last = first;
    for (let i = 0; i < 20; i++) last = say();
    const all = [...early, ...late];
    await until('every line everywhere', () => all.every((c) => heardAll(c, first, last.line)));
    await until('the last update', () => all.every((c) => c.updates.at(-1) === last.update));

    // Down to one socket, in the worker: after the calm, new sockets stay here; the worker
    // stops once its last socket has closed, and nobody was cut meanwhile.
    for (const c of [...early, late[0]!]) c.ws.close();
    await until('three gone', () => fanout.size === 1);
    await sleep(400);
    const newcomer = await connect();
    expect(fanout.here).toBe(1);
    expect(fanout.pids).toEqual([pid]);
    const before = say();
    last = before;
    for (let i = 0; i < 10; i++) last = say();
    for (const c of [late[1]!, newcomer]) {
      await until('the lines after the calm', () => heardAll(c, before, last.line));
    }
    late[1]!.ws.close();
    await until('the worker stopped', () => fanout.pids.length === 0 && fanout.size === 1);
    const end = say();
    await until('lines after the stop', () => heardAll(newcomer, before, end.line));
    expect(newcomer.closed).toBe(false);
    expect(newcomer.updates.at(-1)).toBe(end.update);
  });

  it('use the processes for every socket at threshold 0', async () => {
    const { fanout, connect } = await station(0);
    await connect();
    await until('the fan-out process', () => fanout.pids.length === 1);
    expect(fanout.here).toBe(0);
  });
});
