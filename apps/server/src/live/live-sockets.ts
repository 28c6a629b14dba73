import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import type { LiveFanout, LiveUpdate, UpgradeRequest } from './live-fanout.js';
import { textFrame } from './ws-frame.js';

export const PING_INTERVAL_MS = 30_000;
/**
 * Each socket is pinged once per interval, but not all at once: the sockets are dealt into
 * this many slices and one slice is pinged at a time, so that 20,000 pings (and their pongs)
 * never land together in front of an update.
 */
const PING_SLICES = 30;
/** Clients only ever send `{"type":"refresh"}`: longer messages are ignored, huge ones refused. */
const IGNORED_OVER = 1024;
const REFUSED_OVER = 4096;

export interface LiveSocketsOptions {
  /** Called whenever the number of open sockets changes. */
  onSizeChange?: (size: number) => void;
  pingIntervalMs?: number;
}

/**
 * The open /ws sockets of one process. A published update is framed once and the same bytes
 * are written to every socket's TCP connection; `{type: 'refresh'}` is answered with the
 * latest update; bad frames are ignored; a socket that misses a ping round is closed.
 */
export class LiveSockets implements LiveFanout {
  private readonly server = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    perMessageDeflate: false,
    maxPayload: REFUSED_OVER,
  });
  /** Each WebSocket with the TCP connection under it, where the shared frame is written. */
  private readonly sockets = new Map<WebSocket, Socket>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly slices = Array.from({ length: PING_SLICES }, () => new Set<WebSocket>());
  private nextSlice = 0;
  private dealt = 0;
  private latest: LiveUpdate | null = null;
  private frame: Buffer | null = null;
  private readonly pinger: NodeJS.Timeout;

  constructor(private readonly options: LiveSocketsOptions = {}) {
    const interval = options.pingIntervalMs ?? PING_INTERVAL_MS;
    this.pinger = setInterval(() => this.pingSlice(), interval / PING_SLICES);
    this.pinger.unref();
  }

  get size(): number {
    return this.sockets.size;
  }

  accept(req: UpgradeRequest, socket: Socket, head: Buffer, update: LiveUpdate): void {
    this.remember(update);
    // ws reads only method, url and headers of the request.
    this.server.handleUpgrade(req as IncomingMessage, socket, head, (ws) => this.add(ws, socket));
  }

  publish(update: LiveUpdate): void {
    if (!this.remember(update) || !this.frame) return;
    const frame = this.frame;
    for (const connection of this.sockets.values()) {
      // One write of the shared frame; ws's own send would frame and write it again per socket.
      if (!connection.destroyed) connection.write(frame);
    }
  }

  close(): Promise<void> {
    clearInterval(this.pinger);
    for (const ws of this.sockets.keys()) ws.close(1001, 'server shutting down');
    this.sockets.clear();
    this.slices.forEach((slice) => slice.clear());
    this.options.onSizeChange?.(0);
    return Promise.resolve();
  }

  /** Keeps `update` if it is newer than the one held; says whether it did. */
  private remember(update: LiveUpdate): boolean {
    if (this.latest && this.latest.version >= update.version) return false;
    this.latest = update;
    this.frame = textFrame(update.bytes);
    return true;
  }

  private add(ws: WebSocket, connection: Socket): void {
    this.sockets.set(ws, connection);
    this.alive.add(ws);
    const slice = this.slices[this.dealt++ % PING_SLICES]!;
    slice.add(ws);
    ws.on('pong', () => this.alive.add(ws));
    ws.on('close', () => {
      slice.delete(ws);
      if (this.sockets.delete(ws)) this.options.onSizeChange?.(this.sockets.size);
    });
    ws.on('error', () => undefined); // the close that follows removes it
    ws.on('message', (data, isBinary) => {
      if (!isBinary && Buffer.isBuffer(data) && data.length <= IGNORED_OVER) {
        this.onMessage(ws, connection, data);
      }
    });
    this.options.onSizeChange?.(this.sockets.size);
    if (this.frame) connection.write(this.frame);
  }

  private onMessage(ws: WebSocket, connection: Socket, data: Buffer): void {
    let message: unknown;
    try {
      message = JSON.parse(data.toString('utf8'));
    } catch {
      return; // a bad frame is ignored, never fatal
    }
    const isRefresh = (message as { type?: unknown } | null)?.type === 'refresh';
    if (isRefresh && this.frame && ws.readyState === ws.OPEN) connection.write(this.frame);
  }

  /** Pings one slice; a socket that has not answered since its last ping is cut. */
  private pingSlice(): void {
    const slice = this.slices[this.nextSlice]!;
    this.nextSlice = (this.nextSlice + 1) % PING_SLICES;
    for (const ws of slice) {
      if (!this.alive.has(ws)) {
        ws.terminate();
        continue;
      }
      this.alive.delete(ws);
      ws.ping();
    }
  }
}
