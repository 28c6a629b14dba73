/**
 * One client process of bench/live-fanout, driven by the parent over IPC: opens its share of
 * /ws sockets (at most `inFlight` handshakes at a time), then for each round reports when each
 * socket had received the whole message carrying the round's marker (Date.now(), 0 = never).
 *
 * The client is a minimal WebSocket client on a raw TCP socket, all sockets reading into one
 * shared buffer: it parses the server's frames (RFC 6455, unmasked), answers pings with pongs
 * and searches text payloads for the marker's bytes without decoding or parsing them. On this
 * machine that takes about half the CPU per message of the `ws` client, CPU that the clients
 * would otherwise take from the server on the same cores.
 */
import crypto from 'node:crypto';
import net from 'node:net';

export type ToClients =
  | { type: 'connect'; url: string; count: number; inFlight: number }
  | { type: 'arm'; marker: string; timeoutMs: number }
  | { type: 'close' };

export type FromClients =
  | { type: 'ready'; opened: number; failed: number; withFirstUpdate: number; connectMs: number }
  | { type: 'armed' }
  | { type: 'round'; receivedAt: number[]; updateBytes: number; cpuMs: number }
  | { type: 'closed' };

const HANDSHAKE_TIMEOUT_MS = 20_000;
const shared = Buffer.allocUnsafe(256 * 1024);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const send = (message: FromClients, then?: () => void) =>
  process.send!(message, undefined, {}, () => then?.());

/** The round in progress: what to look for and who has seen it. */
const round = {
  marker: null as Buffer | null,
  expected: new Uint8Array(0),
  receivedAt: new Float64Array(0),
  waiting: 0,
  updateBytes: 0,
  timer: null as NodeJS.Timeout | null,
  cpu: process.cpuUsage(),
};

class Client {
  open = false;
  gotFirst = false;
  readonly socket: net.Socket;
  private handshake = '';
  private upgraded = false;
  // frame being read
  private readonly head = Buffer.alloc(14);
  private headLen = 0;
  private headNeed = 2;
  private inPayload = false;
  private remaining = 0;
  private opcode = 0;
  private fin = false;
  private control: Buffer[] = [];
  // message being read
  private messageBytes = 0;
  private seen = false;
  private carry = Buffer.alloc(0);
  private readonly onUpgrade: () => void;

  constructor(
    private readonly index: number,
    url: URL,
    settle: (ok: boolean) => void,
  ) {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(ok);
    };
    this.onUpgrade = () => done(true);
    const timer = setTimeout(() => {
      done(false);
      this.socket.destroy();
    }, HANDSHAKE_TIMEOUT_MS);
    this.socket = net.connect({
      host: url.hostname,
      port: Number(url.port),
      onread: {
        buffer: shared,
        callback: (length, buf) => {
          this.onData(buf as Buffer, length);
          return true;
        },
      },
    });
    const key = crypto.randomBytes(16).toString('base64');
    this.socket.on('connect', () =>
      this.socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.open = false;
      done(false);
    });
  }

  private onData(buf: Buffer, length: number): void {
    let start = 0;
    if (!this.upgraded) {
      this.handshake += buf.toString('latin1', 0, length);
      const end = this.handshake.indexOf('\r\n\r\n');
      if (end === -1) return;
      if (!this.handshake.startsWith('HTTP/1.1 101')) {
        this.socket.destroy();
        return;
      }
      this.upgraded = true;
      this.open = true;
      this.onUpgrade();
      start = length - (this.handshake.length - (end + 4));
      this.handshake = '';
    }
    this.frames(buf, start, length);
  }

  private frames(buf: Buffer, start: number, end: number): void {
    let i = start;
    while (i < end) {
      if (!this.inPayload) {
        while (this.headLen < this.headNeed && i < end) this.head[this.headLen++] = buf[i++]!;
        if (this.headLen < this.headNeed) return;
        if (this.headNeed === 2) {
          const len7 = this.head[1]! & 0x7f;
          if (this.head[1]! & 0x80) return void this.socket.destroy(); // servers never mask
          this.headNeed = len7 === 126 ? 4 : len7 === 127 ? 10 : 2;
          if (this.headLen < this.headNeed) continue;
        }
        const len7 = this.head[1]! & 0x7f;
        this.remaining =
          len7 === 126
            ? this.head.readUInt16BE(2)
            : len7 === 127
              ? Number(this.head.readBigUInt64BE(2))
              : len7;
        this.opcode = this.head[0]! & 0x0f;
        this.fin = (this.head[0]! & 0x80) !== 0;
        this.headLen = 0;
        this.headNeed = 2;
        this.inPayload = true;
        this.control = [];
        if (this.remaining === 0) this.endFrame();
        continue;
      }
      const take = Math.min(this.remaining, end - i);
      const segment = buf.subarray(i, i + take);
      if (this.opcode >= 8) this.control.push(Buffer.from(segment));
      else {
        this.messageBytes += take;
        if (round.marker && !this.seen) this.scan(segment, round.marker);
      }
      i += take;
      this.remaining -= take;
      if (this.remaining === 0) this.endFrame();
    }
  }

  /** Looks for the marker in this segment and across the boundary with the previous one. */
  private scan(segment: Buffer, marker: Buffer): void {
    const keep = marker.length - 1;
    if (this.carry.length > 0) {
      const joint = Buffer.concat([this.carry, segment.subarray(0, keep)]);
      if (joint.indexOf(marker) !== -1) {
        this.seen = true;
        return;
      }
    }
    if (segment.indexOf(marker) !== -1) {
      this.seen = true;
      return;
    }
    this.carry =
      segment.length >= keep
        ? Buffer.from(segment.subarray(segment.length - keep))
        : Buffer.concat([this.carry, segment]).subarray(-keep);
  }

  private endFrame(): void {
    this.inPayload = false;
    if (this.opcode === 0x9) {
      // pong with the ping's payload, masked with a zero key
      const payload = Buffer.concat(this.control);
      const frame = Buffer.alloc(6 + payload.length);
      frame[0] = 0x8a;
      frame[1] = 0x80 | payload.length;
      payload.copy(frame, 6);
      this.socket.write(frame);
      return;
    }
    if (this.opcode >= 8 || !this.fin) return;
    this.gotFirst = true;
    if (this.seen) onMarked(this.index, this.messageBytes);
    this.seen = false;
    this.carry = Buffer.alloc(0);
    this.messageBytes = 0;
  }
}

let clients: Client[] = [];

function onMarked(i: number, bytes: number): void {
  if (round.expected[i] !== 1 || round.receivedAt[i] !== 0) return;
  round.receivedAt[i] = Date.now();
  round.updateBytes = bytes;
  if (--round.waiting === 0) finishRound();
}

async function connect(url: string, count: number, inFlight: number): Promise<void> {
  const t0 = performance.now();
  const target = new URL(url);
  clients = [];
  round.expected = new Uint8Array(count);
  round.receivedAt = new Float64Array(count);
  let pending = 0;
  let opened = 0;
  let failed = 0;
  await new Promise<void>((resolve) => {
    const launch = () => {
      while (pending < inFlight && clients.length < count) {
        pending++;
        clients.push(
          new Client(clients.length, target, (ok) => {
            pending--;
            if (ok) opened++;
            else failed++;
            launch();
          }),
        );
      }
      if (pending === 0 && clients.length >= count) resolve();
    };
    launch();
  });
  const connectMs = performance.now() - t0;
  // The server sends the current update to every socket as it connects.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && clients.some((c) => c.open && !c.gotFirst)) await sleep(100);
  const withFirstUpdate = clients.filter((c) => c.open && c.gotFirst).length;
  send({ type: 'ready', opened, failed, withFirstUpdate, connectMs });
}

function arm(text: string, timeoutMs: number): void {
  // Quoted, so that marker "x_1" is not found inside "x_10".
  round.marker = Buffer.from(JSON.stringify(text));
  round.receivedAt.fill(0);
  round.waiting = 0;
  clients.forEach((c, i) => {
    const e = c.open ? 1 : 0;
    round.expected[i] = e;
    round.waiting += e;
  });
  round.cpu = process.cpuUsage();
  round.timer = setTimeout(finishRound, timeoutMs);
  send({ type: 'armed' });
  if (round.waiting === 0) finishRound();
}

function finishRound(): void {
  if (round.marker === null) return;
  round.marker = null;
  if (round.timer) clearTimeout(round.timer);
  round.timer = null;
  const receivedAt: number[] = [];
  round.expected.forEach((e, i) => {
    if (e === 1) receivedAt.push(round.receivedAt[i]!);
  });
  const cpu = process.cpuUsage(round.cpu);
  send({
    type: 'round',
    receivedAt,
    updateBytes: round.updateBytes,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

process.on('message', (command: ToClients) => {
  switch (command.type) {
    case 'connect':
      connect(command.url, command.count, command.inFlight).catch((err: unknown) => {
        console.error(err);
        process.exit(1);
      });
      break;
    case 'arm':
      arm(command.marker, command.timeoutMs);
      break;
    case 'close':
      clients.forEach((c) => c.socket.destroy());
      send({ type: 'closed' }, () => process.exit(0));
      break;
  }
});
process.on('disconnect', () => process.exit(0));
