import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import { parseClientMessage, REFUSED_OVER } from './client-message.js';
import { INBOUND_LIMITS, type InboundLimits } from './inbound-limiter.js';
import type {
  Connection,
  FanoutEvents,
  LiveFanout,
  LiveUpdate,
  MovingSocket,
} from './live-fanout.js';
import { LivePeer, socketListeners } from './live-peer.js';
import { Rooms } from './rooms.js';
import { textFrame } from './ws-frame.js';

export const PING_INTERVAL_MS = 30_000;

/** ws's constructor as its server calls it: a socket with no address is the server's end. */
type ServerSide = new (
  address: null,
  protocols: undefined,
  options: { autoPong: boolean },
) => WebSocket;
type SetSocket = (
  socket: Socket,
  head: Buffer,
  options: { maxPayload: number; allowSynchronousEvents: boolean },
) => void;
/**
 * Each socket is pinged once per interval, but not all at once: the sockets are dealt into
 * this many slices and one slice is pinged at a time, so that 20,000 pings (and their pongs)
 * never land together in front of an update.
 */
const PING_SLICES = 30;
/** A refresh within this long of being sent the same update writes nothing. */
export const REFRESH_WINDOW_MS = 2000;
export const DEFAULT_MAX_QUEUED_BYTES = 512 * 1024;
/** A client closed for flooding gets this long to take its close frame before it is cut. */
const CLOSE_GRACE_MS = 500;
/** Room messages waiting for one flush are joined into writes of at most this many bytes. */
const BATCH_BYTES = 64 * 1024;

export interface LiveSocketsOptions {
  /** Called whenever the number of open sockets changes. */
  onSizeChange?: (size: number) => void;
  pingIntervalMs?: number;
  /** Bytes a socket may have waiting to be sent before it is closed. */
  maxQueuedBytes?: number;
  refreshWindowMs?: number;
  inboundLimits?: InboundLimits;
}

/**
 * The open /ws sockets of one process. A message is framed once and the same bytes are written
 * to the TCP connection of every socket it is for, up to each socket's send bound; the client
 * may ask for the latest update again (`refresh`, coalesced) and for a session (`auth`, passed
 * on to the hub), at a limited rate; a socket that misses a ping round is closed.
 *
 * Room messages (chat lines, private messages) are written once the current turn of the event
 * loop ends, and the messages for one room that arrived in the same turn go out as one write
 * per socket. An idle station writes each at once; a busy one, where many arrive while the
 * sockets are being written, pays one system call per socket for the lot instead of one per
 * message, which is what bounds the messages per second a process can deliver.
 */
export class LiveSockets implements LiveFanout {
  private readonly server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: REFUSED_OVER,
  });
  private readonly peers = new Map<number, LivePeer>();
  private readonly rooms = new Rooms<LivePeer>();
  private readonly alive = new WeakSet<LivePeer>();
  private readonly slices = Array.from({ length: PING_SLICES }, () => new Set<LivePeer>());
  private nextSlice = 0;
  private dealt = 0;
  private latest: LiveUpdate | null = null;
  private frame: Buffer | null = null;
  private events: FanoutEvents | null = null;
  /** Runs while there are sockets: an empty process does not wake up for them. */
  private pinger: NodeJS.Timeout | null = null;
  private readonly pingEveryMs: number;
  private readonly maxQueued: number;
  private readonly limits: InboundLimits;
  /** Room messages not yet written, in order; consecutive ones for a room share a batch. */
  private pending: { room: string; frames: Buffer[]; bytes: number }[] = [];
  private flushing: NodeJS.Immediate | null = null;

  constructor(private readonly options: LiveSocketsOptions = {}) {
    this.pingEveryMs = (options.pingIntervalMs ?? PING_INTERVAL_MS) / PING_SLICES;
    this.maxQueued = options.maxQueuedBytes ?? DEFAULT_MAX_QUEUED_BYTES;
    this.limits = options.inboundLimits ?? INBOUND_LIMITS;
  }

  get size(): number {
    return this.peers.size;
  }

  listen(events: FanoutEvents): void {
    this.events = events;
  }

  accept({ id, req, socket, head }: Connection, update: LiveUpdate): void {
    this.remember(update);
    const before = socketListeners(socket);
    socket.once('close', () => this.events?.closed(id));
    // ws reads only method, url and headers of the request.
    this.server.handleUpgrade(req as IncomingMessage, socket, head, (ws) =>
      this.add(id, ws, socket, before),
    );
  }

  /** The ids of the sockets held here. */
  ids(): number[] {
    return [...this.peers.keys()];
  }

  /**
   * Lets socket `id` go to another process (`adopt` there), when it can move without a byte
   * lost: answers what travels with it, or null when it stays for now (see `LivePeer.movable`).
   * It is no longer counted, written or closed here; its `closed` is for the process it goes
   * to to say.
   */
  release(id: number): MovingSocket | null {
    const peer = this.peers.get(id);
    if (!peer) return null;
    this.flush(); // room messages already sent to it are written before it goes
    if (!peer.movable || !peer.release()) return null;
    const rooms = this.rooms.roomsOf(peer);
    this.forget(peer);
    return { id, socket: peer.connection, rooms, version: peer.sentVersion };
  }

  /**
   * Takes an open socket another process let go (`release` there): the same WebSocket, read
   * and written from here on, in the rooms it was in; sent `update` unless it had it already.
   */
  adopt({ id, socket, rooms, version }: MovingSocket, update: LiveUpdate): void {
    this.remember(update);
    const before = socketListeners(socket);
    socket.once('close', () => this.events?.closed(id));
    // A server-side WebSocket, set on the connection as ws's server sets one after the
    // handshake (the handshake was made by the process the socket comes from).
    const ws = new (WebSocket as unknown as ServerSide)(null, undefined, { autoPong: true });
    (ws as unknown as { setSocket: SetSocket }).setSocket(socket, Buffer.alloc(0), {
      maxPayload: REFUSED_OVER,
      allowSynchronousEvents: true,
    });
    this.add(id, ws, socket, before, { rooms, version });
  }

  publish(update: LiveUpdate, quiet = false): void {
    if (!this.remember(update) || quiet) return;
    this.flush(); // what was sent before the update is written before it
    const frame = this.frame!;
    // One write of the shared frame; ws's own send would frame and write it again per socket.
    for (const peer of this.peers.values()) peer.writeUpdate(update.version, frame, this.maxQueued);
  }

  send(room: string, bytes: Buffer): void {
    if (this.rooms.in(room).size === 0) return;
    const frame = textFrame(bytes);
    const last = this.pending.at(-1);
    if (last?.room === room && last.bytes + frame.length <= BATCH_BYTES) {
      last.frames.push(frame);
      last.bytes += frame.length;
    } else {
      this.pending.push({ room, frames: [frame], bytes: frame.length });
    }
    this.flushing ??= setImmediate(() => this.flush());
  }

  /** Writes a message to socket `id` alone, if it is in `room`. */
  sendTo(id: number, room: string, bytes: Buffer): void {
    const peer = this.peers.get(id);
    if (!peer || !this.rooms.in(room).has(peer)) return;
    this.flush(); // after what was sent before it
    peer.write(textFrame(bytes), this.maxQueued);
  }

  session(id: number, rooms: readonly string[], bytes: Buffer): void {
    const peer = this.peers.get(id);
    if (!peer) return;
    this.flush(); // messages sent before the rooms change go where they were meant to
    this.rooms.set(peer, rooms);
    peer.write(textFrame(bytes), this.maxQueued);
  }

  close(): Promise<void> {
    this.stopPinging();
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
    this.pending = [];
    for (const peer of this.peers.values()) peer.ws.close(1001, 'server shutting down');
    this.peers.clear();
    this.rooms.clear();
    this.slices.forEach((slice) => slice.clear());
    this.options.onSizeChange?.(0);
    return Promise.resolve();
  }

  /** Writes the waiting room messages: each batch as one write to each member of its room. */
  private flush(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = null;
    if (this.pending.length === 0) return;
    const batches = this.pending;
    this.pending = [];
    for (const { room, frames, bytes } of batches) {
      const data = frames.length === 1 ? frames[0]! : Buffer.concat(frames, bytes);
      for (const peer of this.rooms.in(room)) peer.write(data, this.maxQueued);
    }
  }

  /** Keeps `update` if it is newer than the one held; says whether it did. */
  private remember(update: LiveUpdate): boolean {
    if (this.latest && this.latest.version >= update.version) return false;
    this.latest = update;
    this.frame = textFrame(update.bytes);
    return true;
  }

  private add(
    id: number,
    ws: WebSocket,
    connection: Socket,
    before: ReturnType<typeof socketListeners>,
    moved?: { rooms: readonly string[]; version: number },
  ): void {
    this.flush(); // a socket gets what is sent after it opened, not before
    const peer = new LivePeer(id, ws, connection, this.limits, before);
    this.peers.set(id, peer);
    this.rooms.set(peer, moved?.rooms ?? ['all']);
    this.alive.add(peer);
    const slice = this.slices[this.dealt++ % PING_SLICES]!;
    slice.add(peer);
    ws.on('pong', () => this.alive.add(peer));
    ws.on('close', () => this.forget(peer));
    ws.on('error', () => undefined); // the close that follows removes it
    ws.on('message', (data, isBinary) => this.onMessage(peer, data as Buffer, isBinary));
    if (!this.pinger) {
      this.pinger = setInterval(() => this.pingSlice(), this.pingEveryMs);
      this.pinger.unref();
    }
    this.options.onSizeChange?.(this.peers.size);
    if (moved) peer.sentVersion = moved.version;
    if (this.latest && this.latest.version > peer.sentVersion) {
      peer.writeUpdate(this.latest.version, this.frame!, this.maxQueued);
    }
  }

  /** The socket is no longer held here (closed, or gone to another process). */
  private forget(peer: LivePeer): void {
    for (const slice of this.slices) slice.delete(peer);
    this.rooms.leave(peer);
    this.alive.delete(peer);
    if (this.peers.get(peer.id) === peer && this.peers.delete(peer.id)) {
      if (this.peers.size === 0) this.stopPinging();
      this.options.onSizeChange?.(this.peers.size);
    }
  }

  private onMessage(peer: LivePeer, data: Buffer, isBinary: boolean): void {
    if (!peer.open) return;
    const verdict = peer.limiter.take();
    if (verdict === 'close') return this.cut(peer, 1008, 'too many messages');
    if (verdict === 'drop' || isBinary || !Buffer.isBuffer(data)) return;
    const message = parseClientMessage(data);
    if (message?.type === 'auth') return this.events?.auth(peer.id, message.token);
    if (message?.type !== 'refresh' || !this.latest) return;
    const { version } = this.latest;
    const windowMs = this.options.refreshWindowMs ?? REFRESH_WINDOW_MS;
    if (peer.wantsRefresh(version, windowMs))
      peer.writeUpdate(version, this.frame!, this.maxQueued);
  }

  /** Closes with `code` and stops reading; a client that does not take the close is cut. */
  private cut(peer: LivePeer, code: number, reason: string): void {
    peer.ws.close(code, reason);
    peer.connection.pause();
    setTimeout(() => peer.ws.terminate(), CLOSE_GRACE_MS).unref();
  }

  private stopPinging(): void {
    if (this.pinger) clearInterval(this.pinger);
    this.pinger = null;
  }

  /** Pings one slice; a socket that has not answered since its last ping is cut. */
  private pingSlice(): void {
    const slice = this.slices[this.nextSlice]!;
    this.nextSlice = (this.nextSlice + 1) % PING_SLICES;
    for (const peer of slice) {
      if (!this.alive.has(peer)) {
        peer.ws.terminate();
        continue;
      }
      this.alive.delete(peer);
      peer.ws.ping();
    }
  }
}
