/**
 * One client process of bench/chat, driven by the parent over IPC: opens its share of /ws
 * sockets (the minimal WebSocket client of support/ws-client.ts), then, for a phase, finds the
 * bench's chat messages in what every socket receives and tallies them as they arrive.
 *
 * Each posted text starts with `qcbench:<phase>:<message number>:<time sent>` (the time as
 * performance.timeOrigin + performance.now() in the posting process, ms: the same clock in
 * every process of the machine). A socket's message counts when its bytes start with
 * `{"type":"chat_message"` and contain `"message":"qcbench:<phase>:`; the two numbers after
 * that are read from the bytes, nothing is decoded or parsed as JSON. The latency, receive
 * time (the same clock, when the whole message is in) minus time sent, goes into a histogram
 * of 0.1 ms steps; each message number's count of sockets that had it is kept, so the parent
 * can tell which sockets missed which accepted message.
 */
import { closeAndExit, openClients, RawWsClient, type FrameHandler } from '../support/ws-client.js';

export type ToClients =
  | { type: 'connect'; url: string; count: number; inFlight: number }
  | { type: 'arm'; phase: number; startAt: number }
  /** Reports once every open socket has each of `accepted`, or after `timeoutMs`. */
  | { type: 'collect'; accepted: number[]; timeoutMs: number }
  | { type: 'close' };

export interface PhaseReport {
  type: 'phase';
  /** Sockets open when the phase was armed, and of those, still open at its end. */
  armedSockets: number;
  openSockets: number;
  /** Per message number, how many of this process's sockets had it. */
  counts: number[];
  /** [0.1 ms step, deliveries] for every step with any. */
  histogram: [number, number][];
  /** Per second of sending (from startAt): deliveries, their summed latency (ms), the largest. */
  bySecond: { n: number; sum: number; max: number }[];
  lastReceiveAt: number;
  /** Chat messages of this phase that were not the bench's shape (should be 0). */
  unreadable: number;
  cpuMs: number;
}

export type FromClients =
  | { type: 'ready'; opened: number; failed: number; withFirstUpdate: number; connectMs: number }
  | { type: 'armed' }
  | PhaseReport
  | { type: 'closed' };

const send = (message: FromClients) => process.send!(message);
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Messages larger than this are not chat messages of the bench (playback updates). */
const MAX_CHAT_BYTES = 4096;
const HISTOGRAM_STEPS = 600_000; // 0.1 ms steps: 60 s, the last one holds anything longer
const CHAT_PREFIX = Buffer.from('{"type":"chat_message"');

const phase = {
  marker: null as Buffer | null,
  startAt: 0,
  counts: new Uint32Array(0),
  histogram: new Uint32Array(HISTOGRAM_STEPS),
  bySecond: [] as { n: number; sum: number; max: number }[],
  lastReceiveAt: 0,
  unreadable: 0,
  cpu: process.cpuUsage(),
};

/** Reads the decimal number at `i` (digits and at most one point); [value, index after it]. */
function readNumber(buf: Buffer, i: number): [number, number] {
  let value = 0;
  let scale = 0;
  for (; i < buf.length; i++) {
    const c = buf[i]!;
    if (c === 0x2e && scale === 0) scale = 1;
    else if (c >= 0x30 && c <= 0x39) {
      if (scale === 0) value = value * 10 + (c - 0x30);
      else value += (c - 0x30) / (scale *= 10);
    } else break;
  }
  return [value, i];
}

function onChatMessage(buf: Buffer): void {
  const marker = phase.marker;
  if (marker === null || buf.length < CHAT_PREFIX.length) return;
  if (buf.compare(CHAT_PREFIX, 0, CHAT_PREFIX.length, 0, CHAT_PREFIX.length) !== 0) return;
  const at = buf.indexOf(marker);
  if (at === -1) return;
  const receivedAt = now();
  const [id, next] = readNumber(buf, at + marker.length);
  if (buf[next] !== 0x3a) {
    phase.unreadable++;
    return;
  }
  const [sentAt] = readNumber(buf, next + 1);
  const latency = receivedAt - sentAt;
  if (id >= phase.counts.length) {
    const grown = new Uint32Array(Math.max(id + 1, phase.counts.length * 2, 1024));
    grown.set(phase.counts);
    phase.counts = grown;
  }
  phase.counts[id]!++;
  phase.histogram[Math.min(HISTOGRAM_STEPS - 1, Math.max(0, Math.floor(latency * 10)))]!++;
  const second = Math.max(0, Math.floor((sentAt - phase.startAt) / 1000));
  const s = (phase.bySecond[second] ??= { n: 0, sum: 0, max: 0 });
  s.n++;
  s.sum += latency;
  if (latency > s.max) s.max = latency;
  phase.lastReceiveAt = receivedAt;
}

/** One socket: keeps a small message's bytes until it is whole, then looks at them. */
class ChatReceiver implements FrameHandler {
  private parts: Buffer[] = [];

  payload(segment: Buffer, frameLength: number): void {
    if (phase.marker === null || frameLength > MAX_CHAT_BYTES) return;
    // Nearly always the whole frame is in one read: looked at in place, nothing copied.
    if (segment.length === frameLength && this.parts.length === 0) onChatMessage(segment);
    else this.parts.push(Buffer.from(segment));
  }

  message(): void {
    if (this.parts.length === 0) return;
    const whole = this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts);
    this.parts = [];
    onChatMessage(whole);
  }
}

let clients: RawWsClient[] = [];
let armedSockets = 0;

async function connect(url: string, count: number, inFlight: number): Promise<void> {
  const target = new URL(url);
  const { clients: opened, ...ready } = await openClients(
    count,
    inFlight,
    (_, settle) => new RawWsClient(target, settle, new ChatReceiver()),
  );
  clients = opened;
  send({ type: 'ready', ...ready });
}

function arm(n: number, startAt: number): void {
  phase.marker = Buffer.from(`"message":"qcbench:${n}:`);
  phase.startAt = startAt;
  phase.counts = new Uint32Array(1024);
  phase.histogram.fill(0);
  phase.bySecond = [];
  phase.lastReceiveAt = 0;
  phase.unreadable = 0;
  phase.cpu = process.cpuUsage();
  armedSockets = clients.filter((c) => c.open).length;
  send({ type: 'armed' });
}

async function collect(accepted: number[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // Done when every socket still open has every accepted message (a closed one has no more).
  const complete = () => {
    const open = clients.filter((c) => c.open).length;
    return accepted.every((id) => (phase.counts[id] ?? 0) >= open);
  };
  while (!complete() && Date.now() < deadline) await sleep(100);
  const cpu = process.cpuUsage(phase.cpu);
  phase.marker = null;
  const histogram: [number, number][] = [];
  phase.histogram.forEach((n, step) => {
    if (n > 0) histogram.push([step, n]);
  });
  send({
    type: 'phase',
    armedSockets,
    openSockets: clients.filter((c) => c.open).length,
    counts: Array.from(phase.counts),
    histogram,
    bySecond: Array.from(phase.bySecond, (s) => s ?? { n: 0, sum: 0, max: 0 }),
    lastReceiveAt: phase.lastReceiveAt,
    unreadable: phase.unreadable,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
}

const fail = (err: unknown) => {
  console.error(err);
  process.exit(1);
};

process.on('message', (command: ToClients) => {
  switch (command.type) {
    case 'connect':
      connect(command.url, command.count, command.inFlight).catch(fail);
      break;
    case 'arm':
      arm(command.phase, command.startAt);
      break;
    case 'collect':
      collect(command.accepted, command.timeoutMs).catch(fail);
      break;
    case 'close':
      closeAndExit(clients);
      break;
  }
});
process.on('disconnect', () => process.exit(0));
