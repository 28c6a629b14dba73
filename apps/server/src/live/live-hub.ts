import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { EventBus } from './event-bus.js';
import type { PlaybackService } from './playback.service.js';
import { textFrame } from './ws-frame.js';

export const PING_INTERVAL_MS = 30_000;
/** A buffer sent as a text frame: the update is JSON. */
const TEXT = { binary: false } as const;
/** Active users drop out of the window without any event; look again this often. */
export const REFRESH_INTERVAL_MS = 30_000;

/**
 * Every open /ws socket. A change rebuilds the update once, serialises it once and writes the
 * same bytes to every socket. Sockets that miss a ping round are closed.
 */
export class LiveHub {
  private readonly sockets = new Set<WebSocket>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly connections = new WeakMap<WebSocket, Socket>();
  /** The update as UTF-8 bytes: encoded once, the same buffer written to every socket. */
  private current: Promise<Buffer> | null = null;
  private rebuilding = false;
  private rebuildAgain = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly playback: PlaybackService,
    bus: EventBus,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribe(() => this.scheduleBroadcast());
    this.timers.push(setInterval(() => this.pingAll(), PING_INTERVAL_MS));
    this.timers.push(setInterval(() => void this.refreshIfChanged(), REFRESH_INTERVAL_MS));
  }

  get size(): number {
    return this.sockets.size;
  }

  /**
   * `connection` is the TCP socket under the WebSocket; when given (and no extension such as
   * compression is in use) broadcasts write one pre-built frame to it directly.
   */
  add(socket: WebSocket, connection?: Socket): void {
    this.sockets.add(socket);
    if (connection && socket.extensions === '') this.connections.set(socket, connection);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', (err) => this.log.debug({ err }, 'live socket error'));
    socket.on('message', (data, isBinary) =>
      this.onMessage(socket, Buffer.isBuffer(data) ? data.toString('utf8') : '', isBinary),
    );
    void this.sendCurrent(socket);
  }

  close(): void {
    this.unsubscribe();
    this.timers.forEach(clearInterval);
    for (const socket of this.sockets) socket.close(1001, 'server shutting down');
    this.sockets.clear();
  }

  private onMessage(socket: WebSocket, text: string, isBinary: boolean): void {
    if (isBinary || text.length > 1024) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return; // a bad frame is ignored, never fatal
    }
    if ((message as { type?: unknown } | null)?.type === 'refresh') void this.sendCurrent(socket);
  }

  private snapshot(): Promise<Buffer> {
    this.current ??= this.playback.build().then((update) => Buffer.from(JSON.stringify(update)));
    return this.current;
  }

  private async sendCurrent(socket: WebSocket): Promise<void> {
    try {
      const bytes = await this.snapshot();
      if (socket.readyState === socket.OPEN) socket.send(bytes, TEXT);
    } catch (err) {
      this.current = null;
      this.log.error({ err }, 'could not build the live update');
    }
  }

  /** Coalesces bursts of changes: one rebuild at a time, one more if anything came meanwhile. */
  private scheduleBroadcast(): void {
    if (this.sockets.size === 0) {
      this.current = null; // nobody to tell: the next socket's connect builds it
      return;
    }
    if (this.rebuilding) {
      this.rebuildAgain = true;
      return;
    }
    this.rebuilding = true;
    this.current = null;
    void this.snapshot()
      .then((bytes) => this.broadcast(bytes))
      .catch((err: unknown) => {
        this.current = null;
        this.log.error({ err }, 'could not build the live update');
      })
      .finally(() => {
        this.rebuilding = false;
        if (this.rebuildAgain) {
          this.rebuildAgain = false;
          this.scheduleBroadcast();
        }
      });
  }

  broadcast(bytes: Buffer): void {
    const frame = textFrame(bytes);
    for (const socket of this.sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      const connection = this.connections.get(socket);
      // One write of the shared frame; ws's own send would frame and write it again per socket.
      if (connection && !connection.destroyed) connection.write(frame);
      else socket.send(bytes, TEXT);
    }
  }

  private async refreshIfChanged(): Promise<void> {
    if (this.sockets.size === 0 || this.rebuilding) return;
    const before = this.current ? await this.current.catch(() => null) : null;
    this.current = null;
    const after = await this.snapshot().catch(() => null);
    if (after === null) return;
    if (before === null) return this.broadcast(after);
    const strip = (b: Buffer) => b.toString('utf8').replace(/"server_time":[^,}]+/, '');
    if (strip(after) !== strip(before)) this.broadcast(after);
  }

  private pingAll(): void {
    for (const socket of this.sockets) {
      if (!this.alive.has(socket)) {
        socket.terminate();
        this.sockets.delete(socket);
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
  }
}
