/**
 * One client process of bench/live-fanout, driven by the parent over IPC: opens its share of
 * /ws sockets (at most `inFlight` handshakes at a time), then for each round reports when each
 * socket had received the whole message carrying the round's marker (Date.now(), 0 = never).
 *
 * The client is the minimal WebSocket client of support/ws-client.ts; it searches text
 * payloads for the marker's bytes without decoding or parsing them.
 */
import { closeAndExit, openClients, RawWsClient, type FrameHandler } from '../support/ws-client.js';

export type ToClients =
  | { type: 'connect'; url: string; count: number; inFlight: number }
  | { type: 'arm'; marker: string; timeoutMs: number }
  | { type: 'close' };

export type FromClients =
  | { type: 'ready'; opened: number; failed: number; withFirstUpdate: number; connectMs: number }
  | { type: 'armed' }
  | { type: 'round'; receivedAt: number[]; updateBytes: number; cpuMs: number }
  | { type: 'closed' };

const send = (message: FromClients) => process.send!(message);

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

/** One socket's search for the round's marker in the messages it receives. */
class MarkerSearch implements FrameHandler {
  private seen = false;
  private carry = Buffer.alloc(0);

  constructor(private readonly index: number) {}

  payload(segment: Buffer): void {
    if (round.marker && !this.seen) this.scan(segment, round.marker);
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

  message(bytes: number): void {
    if (this.seen) onMarked(this.index, bytes);
    this.seen = false;
    this.carry = Buffer.alloc(0);
  }
}

let clients: RawWsClient[] = [];

function onMarked(i: number, bytes: number): void {
  if (round.expected[i] !== 1 || round.receivedAt[i] !== 0) return;
  round.receivedAt[i] = Date.now();
  round.updateBytes = bytes;
  if (--round.waiting === 0) finishRound();
}

async function connect(url: string, count: number, inFlight: number): Promise<void> {
  const target = new URL(url);
  round.expected = new Uint8Array(count);
  round.receivedAt = new Float64Array(count);
  const { clients: opened, ...ready } = await openClients(
    count,
    inFlight,
    (i, settle) => new RawWsClient(target, settle, new MarkerSearch(i)),
  );
  clients = opened;
  send({ type: 'ready', ...ready });
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
      closeAndExit(clients);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
