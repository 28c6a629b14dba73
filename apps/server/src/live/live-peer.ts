import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { InboundLimiter, type InboundLimits } from './inbound-limiter.js';

/** The connection's events a process listens to while it holds the socket. */
export const SOCKET_EVENTS = ['close', 'data', 'end', 'error', 'drain', 'timeout'] as const;
type SocketEvent = (typeof SOCKET_EVENTS)[number];
type Listener = (...args: unknown[]) => void;

/** The listeners `socket` has now, by event. */
export function socketListeners(socket: Socket): Map<SocketEvent, Set<Listener>> {
  return new Map(SOCKET_EVENTS.map((e) => [e, new Set(socket.listeners(e) as Listener[])]));
}

/**
 * What ws's reader holds of the client's next frame. ws has no public word for it, so its
 * reader's own fields are read; where they are not found the reader counts as busy, and the
 * socket stays where it is.
 */
interface WsReader {
  _bufferedBytes?: number;
  _fragmented?: number;
  _state?: number;
}
/** The libuv stream under a Node socket, as far as stopping its reads goes. */
interface StreamHandle {
  reading?: boolean;
  readStop(): number;
}
/** The reader's state between frames (`GET_INFO`). */
const BETWEEN_FRAMES = 0;

/**
 * One /ws socket as its process holds it: the WebSocket (handshake, pings, what the client
 * sends), the TCP connection under it (where shared frames are written), what it was last sent
 * and how fast it may send.
 */
export class LivePeer {
  readonly limiter: InboundLimiter;
  /** The version of the playback update last written to it, and when. */
  sentVersion = 0;
  sentAt = 0;

  /** The connection's listeners added for this socket (ws's and the process's own). */
  private readonly own: [SocketEvent, Listener][];

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    readonly connection: Socket,
    limits: InboundLimits,
    /** The connection's listeners before the socket was set up on it. */
    before: Map<SocketEvent, Set<Listener>>,
  ) {
    this.limiter = new InboundLimiter(limits);
    this.own = SOCKET_EVENTS.flatMap((e) =>
      (connection.listeners(e) as Listener[])
        .filter((l) => !before.get(e)?.has(l))
        .map((l): [SocketEvent, Listener] => [e, l]),
    );
  }

  /**
   * Whether the socket can move to another process now without a byte lost either way:
   * nothing waits to be written, nothing read waits to be taken, and the client's last frame
   * was read whole.
   */
  get movable(): boolean {
    const c = this.connection;
    if (!this.open || c.writableLength > 0 || c.readableLength > 0) return false;
    const reader = (this.ws as unknown as { _receiver?: WsReader })._receiver;
    return (
      reader?._bufferedBytes === 0 && reader._fragmented === 0 && reader._state === BETWEEN_FRAMES
    );
  }

  /**
   * Lets go of the connection for another process: it is no longer read here (what the client
   * sends from now waits in the kernel for the next reader) and nothing of this process
   * listens to it any more, so closing this process's copy of it tells nobody here. Answers
   * false, changing nothing, where the connection cannot stop reading.
   */
  release(): boolean {
    const handle = (this.connection as unknown as { _handle?: StreamHandle | null })._handle;
    if (!handle || typeof handle.readStop !== 'function') return false;
    // Node starts reading again only when asked for more, and nothing here asks any more.
    handle.reading = false;
    handle.readStop();
    for (const [event, listener] of this.own) this.connection.removeListener(event, listener);
    return true;
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN && !this.connection.destroyed;
  }

  /**
   * Writes a whole frame unless the bytes still waiting for the kernel would then exceed
   * `maxQueued`: a client that does not read is disconnected, never buffered for without end.
   * An empty queue always takes the frame, so an update larger than the bound still goes out.
   * Answers whether the frame was written.
   */
  write(frame: Buffer, maxQueued: number): boolean {
    if (!this.open) return false;
    const waiting = this.connection.writableLength;
    if (waiting > 0 && waiting + frame.length > maxQueued) {
      this.connection.destroy();
      return false;
    }
    this.connection.write(frame);
    return true;
  }

  /** Writes the playback update `version`, remembering that it did. */
  writeUpdate(version: number, frame: Buffer, maxQueued: number): void {
    if (!this.write(frame, maxQueued)) return;
    this.sentVersion = version;
    this.sentAt = performance.now();
  }

  /**
   * Whether a refresh should write update `version` again: not while the same update is
   * still waiting to be sent, nor within `windowMs` of sending it.
   */
  wantsRefresh(version: number, windowMs: number): boolean {
    if (this.sentVersion !== version) return true;
    if (this.connection.writableLength > 0) return false;
    return performance.now() - this.sentAt >= windowMs;
  }
}
