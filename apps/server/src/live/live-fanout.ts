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

/**
 * Where the /ws sockets live and how an update reaches them. In-process (`LiveSockets`), or
 * spread over child processes that write in parallel (`ProcessFanout`). The hub builds each
 * update once and hands the same bytes to whichever it has.
 */
export interface LiveFanout {
  /** Open sockets, including ones handed over and not yet counted by their process. */
  readonly size: number;
  /** Completes the handshake of an upgrade request for /ws and sends `update` to the socket. */
  accept(req: UpgradeRequest, socket: Socket, head: Buffer, update: LiveUpdate): void;
  /** Writes `update` to every socket (unless a newer one was already sent). */
  publish(update: LiveUpdate): void;
  /** Closes every socket (1001, going away). */
  close(): Promise<void>;
}
