/**
 * One client process of bench/live-fanout, driven by the parent over IPC: opens its share of
 * /ws sockets (at most `inFlight` handshakes at a time), then for each round reports when each
 * socket had received the whole message carrying the round's marker (Date.now(), 0 = never).
 *
 * The client is the minimal WebSocket client of support/ws-client.ts; it searches text
 * payloads for the marker's bytes without decoding or parsing them.
 *
 * On a Socket.IO server's Engine.IO URL (path /socket.io/), it also speaks the little of
 * Engine.IO 4 and Socket.IO 5 a client must: it joins the main namespace once the server has
 * opened the session ("0{...}" answered "40") and answers pings ("2" with "3"); those messages
 * and the namespace's confirmation are not updates. The events themselves ("42[...]") are
 * searched like any other text.
 */
import { closeAndExit, openClients, RawWsClient, type FrameHandler } from '../support/ws-client.js';
import { obey, Round, send } from './rounds.js';

export type { FromClients, ToClients } from './rounds.js';

/** The round in progress; the marker is the quoted text's bytes. */
const round = new Round<Buffer>();

/** One socket's search for the round's marker in the messages it receives. */
class MarkerSearch implements FrameHandler {
  client: RawWsClient | null = null;
  /** Where in the message's payload the marker starts; -1 until it is found. */
  private seenAt = -1;
  /** Payload bytes of the message before the segment being looked at. */
  private consumed = 0;
  private carry = Buffer.alloc(0);
  /** The message's first two bytes (Engine.IO and Socket.IO packet types), when spoken. */
  private head = '';
  private update = true;

  constructor(
    private readonly index: number,
    private readonly engineIo: boolean,
  ) {}

  payload(segment: Buffer): void {
    if (this.engineIo && this.head.length < 2) {
      this.head += segment.toString('latin1', 0, 2 - this.head.length);
    }
    if (round.marker && this.seenAt === -1) this.scan(segment, round.marker);
    this.consumed += segment.length;
  }

  /** Looks for the marker in this segment and across the boundary with the previous one. */
  private scan(segment: Buffer, marker: Buffer): void {
    const keep = marker.length - 1;
    if (this.carry.length > 0) {
      const joint = Buffer.concat([this.carry, segment.subarray(0, keep)]);
      const at = joint.indexOf(marker);
      if (at !== -1) {
        this.seenAt = this.consumed - this.carry.length + at;
        return;
      }
    }
    const at = segment.indexOf(marker);
    if (at !== -1) {
      this.seenAt = this.consumed + at;
      return;
    }
    this.carry =
      segment.length >= keep
        ? Buffer.from(segment.subarray(segment.length - keep))
        : Buffer.concat([this.carry, segment]).subarray(-keep);
  }

  message(bytes: number): void {
    this.update = !this.engineIo || this.engineIoMessage(bytes);
    if (this.seenAt !== -1) round.seen(this.index, bytes, this.seenAt);
    this.seenAt = -1;
    this.consumed = 0;
    this.carry = Buffer.alloc(0);
    this.head = '';
  }

  wasUpdate(): boolean {
    return this.update;
  }

  /** Answers Engine.IO's open and ping; whether the message was a Socket.IO event. */
  private engineIoMessage(bytes: number): boolean {
    if (this.head[0] === '0') this.client?.sendText('40');
    else if (this.head === '2' && bytes === 1) this.client?.sendText('3');
    return this.head === '42';
  }
}

let clients: RawWsClient[] = [];

async function connect(url: string, count: number, inFlight: number): Promise<void> {
  const target = new URL(url);
  round.size(count);
  const engineIo = target.pathname.startsWith('/socket.io/');
  const { clients: opened, ...ready } = await openClients(count, inFlight, (i, settle) => {
    const search = new MarkerSearch(i, engineIo);
    search.client = new RawWsClient(target, settle, search);
    return search.client;
  });
  clients = opened;
  send({ type: 'ready', ...ready });
}

obey(round, {
  connect,
  // Quoted, so that marker "x_1" is not found inside "x_10".
  markerOf: (text) => Buffer.from(JSON.stringify(text)),
  isOpen: (i) => clients[i]?.open === true,
  close: () => closeAndExit(clients),
});
