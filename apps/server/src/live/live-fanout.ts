import type { IncomingHttpHeaders } from 'node:http';
import type { Socket } from 'node:net';

/** The live update as sent: UTF-8 JSON, numbered so that an older one never replaces a newer. */
export interface LiveUpdate {
  version: number;
  bytes: Buffer;
}

/** What the WebSocket handshake needs of the HTTP upgrade request; plain data, so it can travel. */
export interface UpgradeRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
}

/** An upgrade request for /ws, numbered by the hub; the number names the socket from then on. */
export interface Connection {
  id: number;
  req: UpgradeRequest;
  socket: Socket;
  head: Buffer;
}

/**
 * An open /ws socket moving from one process to another: its TCP connection (no longer read by
 * the process it leaves), the rooms it is in and the playback update version it was last sent.
 */
export interface MovingSocket {
  id: number;
  socket: Socket;
  rooms: readonly string[];
  version: number;
}

/** What the fan-out tells the hub about its sockets, wherever they are. */
export interface FanoutEvents {
  /** The socket sent `{type: 'auth', token}`; the answer is `session()`. */
  auth(id: number, token: string | null): void;
  /** The connection is gone (closed, refused, cut, or its process died); said once per id. */
  closed(id: number): void;
}

/**
 * Where the /ws sockets live and how messages reach them. In-process (`LiveSockets`), or
 * spread over child processes that write in parallel (`ProcessFanout`). The hub serialises
 * each message once and hands the same bytes to whichever it has; every socket is in room
 * `all`, and in the rooms its session gives it.
 */
export interface LiveFanout {
  /** Open sockets, including ones handed over and not yet counted by their process. */
  readonly size: number;
  /** Where the fan-out reports auth requests and closed connections. */
  listen(events: FanoutEvents): void;
  /** Completes the handshake of an upgrade request for /ws and sends `update` to the socket. */
  accept(connection: Connection, update: LiveUpdate): void;
  /**
   * Makes `update` the one answered to refreshes and new sockets (unless a newer one is
   * held) and, unless `quiet`, writes it to every socket.
   */
  publish(update: LiveUpdate, quiet?: boolean): void;
  /** Writes a message (UTF-8 JSON) to the sockets in `room`. */
  send(room: string, bytes: Buffer): void;
  /** Puts socket `id` in exactly `rooms` and writes `bytes` (its `session` message) to it. */
  session(id: number, rooms: readonly string[], bytes: Buffer): void;
  /** Closes every socket (1001, going away). */
  close(): Promise<void>;
}
