import http from 'node:http';
import type net from 'node:net';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { clientFrame } from '../../test/helpers/live-frames.js';
import { sleep, until } from '../../test/helpers/until.js';
import WebSocket from 'ws';
import { ProcessFanout } from './fanout-processes.js';

/*
 * /ws sockets in the server while they are few and in a fan-out process once they are many,
 * those the server held moving there: real sockets through a real HTTP server, a real worker
 * process. Every update and room message is numbered, so a client sees any it missed; what
 * clients send is numbered too, so the server sees any it missed.
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
  /** The tokens each socket sent with `auth`, in the order the hub heard them; closed ids. */
  const tokens = new Map<number, string[]>();
  const closed: number[] = [];
  fanout.listen({
    auth: (id, token) => tokens.set(id, [...(tokens.get(id) ?? []), token ?? '']),
    closed: (id) => closed.push(id),
  });
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
  return { fanout, connect, say, tokens, closed };
}

/**
 * Signs socket 2 (`member`) in, to room `user:7`, and has `talker` (socket 1) send numbered
 * `auth` messages every 220 ms (within the inbound limits) until `stop`, which answers how
 * many it sent.
 */
async function signInAndTalk(fanout: ProcessFanout, member: Client, talker: Client) {
  fanout.session(2, ['all', 'user:7'], Buffer.from(JSON.stringify({ type: 'line', n: 0 })));
  await until('the session', () => member.lines.includes(0));
  let sent = 0;
  const timer = setInterval(
    () => talker.ws.send(JSON.stringify({ type: 'auth', token: `t${++sent}` })),
    220,
  );
  cleanup.push(() => clearInterval(timer));
  return {
    stop() {
      clearInterval(timer);
      return sent;
    },
  };
}

/** Whether `client` got everything said from `first` (a `say` answer) to the last. */
function heardAll(client: Client, first: { update: number; line: number }, last: number): boolean {
  const lines = client.lines.filter((n) => n >= first.line);
  return lines.length === last - first.line + 1 && lines.every((n, i) => n === first.line + i);
}

describe('live fan-out processes on demand', () => {
  it('start past the threshold and stop once their sockets are gone, no update missed', async () => {
    const { fanout, connect, say, closed } = await station(3);
    const early = [await connect(), await connect()];
    expect(fanout.here).toBe(2);
    expect(fanout.pids).toEqual([]);
    // The third socket and those after go to a worker, and the first two move there.
    const late = [await connect(), await connect()];
    await until('the fan-out process', () => fanout.pids.length === 1);
    await until('the early sockets moved', () => fanout.here === 0 && fanout.size === 4);
    expect(closed).toEqual([]);
    const pid = fanout.pids[0]!;
    const first = say();
    let last = first;
    for (let i = 0; i < 20; i++) last = say();
    const all = [...early, ...late];
    await until('every line everywhere', () => all.every((c) => heardAll(c, first, last.line)));
    await until('the last update', () => all.every((c) => c.updates.at(-1) === last.update));

    // Down to one socket, in the worker: after the calm it comes back here, open, and the
    // worker stops; new sockets stay here.
    for (const c of [...early, late[0]!]) c.ws.close();
    await until('three gone', () => fanout.size === 1);
    await until('the last socket back', () => fanout.here === 1 && fanout.pids.length === 0);
    expect(fanout.pids).not.toContain(pid);
    const newcomer = await connect();
    expect(fanout.here).toBe(2);
    const before = say();
    last = before;
    for (let i = 0; i < 10; i++) last = say();
    for (const c of [late[1]!, newcomer]) {
      await until('the lines after the calm', () => heardAll(c, before, last.line));
      expect(c.updates.at(-1)).toBe(last.update);
      expect(c.closed).toBe(false);
    }
    expect(closed.sort()).toEqual([1, 2, 3]);
  });

  it('move the sockets the server held, with their rooms, losing nothing either way', async () => {
    const { fanout, connect, say, tokens, closed } = await station(4);
    const [talker, member, halfway] = [await connect(), await connect(), await connect()];
    // Sockets 1 to 3: one signed in (its own room), one sending all along, one with a frame
    // half sent when the move comes.
    const talking = await signInAndTalk(fanout, member, talker);
    await until('the talker heard', () => (tokens.get(1)?.length ?? 0) >= 2);
    const half = clientFrame(JSON.stringify({ type: 'auth', token: 'whole' }));
    const raw = (halfway.ws as unknown as { _socket: net.Socket })._socket;
    raw.write(half.subarray(0, 5));
    await sleep(100);

    const first = say();
    const late = await connect(); // the threshold: the processes start, the sockets move
    await until('the fan-out process', () => fanout.pids.length === 1);
    await until('two moved', () => fanout.here === 1);
    await sleep(500);
    expect(fanout.here).toBe(1); // the half-read frame keeps its socket here
    raw.write(half.subarray(5));
    await until('the whole frame heard', () => tokens.get(3)?.join() === 'whole');
    await until('every socket moved', () => fanout.here === 0 && fanout.size === 4);

    let last = first;
    for (let i = 0; i < 10; i++) last = say();
    const all = [talker, member, halfway];
    await until('every line everywhere', () => all.every((c) => heardAll(c, first, last.line)));
    await until('the last update', () => all.every((c) => c.updates.at(-1) === last.update));
    expect(late.updates.at(-1)).toBe(last.update);
    // The member's room came along: a line for user 7 reaches it alone.
    fanout.send('user:7', Buffer.from(JSON.stringify({ type: 'line', n: 1000 })));
    await until('the room line', () => member.lines.includes(1000));
    await sleep(200);
    expect([talker, halfway, late].some((c) => c.lines.includes(1000))).toBe(false);
    // Everything the talker sent reached the hub once, in order, across the move.
    const said = talking.stop();
    await until('the talker heard to the end', () => tokens.get(1)?.length === said);
    expect(tokens.get(1)).toEqual(Array.from({ length: said }, (_, i) => `t${i + 1}`));
    // A session after the move reaches the socket through its process.
    fanout.session(1, ['all'], Buffer.from(JSON.stringify({ type: 'line', n: 2000 })));
    await until('the session after the move', () => talker.lines.includes(2000));
    expect(closed).toEqual([]);
    expect(all.some((c) => c.closed)).toBe(false);
    talker.ws.close();
    await until('its close told once', () => closed.length === 1);
    expect(closed).toEqual([1]);
  });

  it('take the sockets back after the calm, with their rooms, losing nothing either way', async () => {
    const { fanout, connect, say, tokens, closed } = await station(8);
    const clients: Client[] = [];
    for (let i = 0; i < 8; i++) clients.push(await connect());
    await until('all in the worker', () => fanout.here === 0 && fanout.pids.length === 1);
    const [talker, member, third] = clients as [Client, Client, Client];
    const talking = await signInAndTalk(fanout, member, talker);
    // Lines and updates all along, while five leave and, after the calm, three come back.
    const first = say();
    const saying = setInterval(() => say(), 2);
    cleanup.push(() => clearInterval(saying));
    for (const c of clients.slice(3)) c.ws.close();
    await until(
      'the three back and the worker stopped',
      () => fanout.here === 3 && fanout.pids.length === 0,
    );
    await sleep(100);
    clearInterval(saying);
    const end = say();
    const kept = [talker, member, third];
    await until('every line, once, everywhere', () =>
      kept.every((c) => heardAll(c, first, end.line)),
    );
    await until('the last update', () => kept.every((c) => c.updates.at(-1) === end.update));
    fanout.send('user:7', Buffer.from(JSON.stringify({ type: 'line', n: 1000 })));
    await until('the room line', () => member.lines.includes(1000));
    await sleep(200);
    expect([talker, third].some((c) => c.lines.includes(1000))).toBe(false);
    const said = talking.stop();
    await until('the talker heard to the end', () => tokens.get(1)?.length === said);
    expect(tokens.get(1)).toEqual(Array.from({ length: said }, (_, i) => `t${i + 1}`));
    expect(kept.some((c) => c.closed)).toBe(false);
    expect(closed.sort((a, b) => a - b)).toEqual([4, 5, 6, 7, 8]);
  });

  it('use the processes for every socket at threshold 0', async () => {
    const { fanout, connect } = await station(0);
    await connect();
    await until('the fan-out process', () => fanout.pids.length === 1);
    expect(fanout.here).toBe(0);
  });
});
