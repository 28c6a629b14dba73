import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../core/bus.js';
import type { LiveFanout, LiveUpdate } from './live-fanout.js';
import type { PlaybackUpdate } from '@queuecast/contract';

/** Active users drop out of the window without any event; look again this often. */
export const REFRESH_INTERVAL_MS = 30_000;

/**
 * The live update of every /ws socket. A change rebuilds it once and serialises it once; the
 * fan-out writes the same bytes to every socket, in this process or in its workers.
 */
export class LiveHub {
  /** The update as UTF-8 JSON, numbered in the order built. */
  private current: Promise<LiveUpdate> | null = null;
  private version = 0;
  private rebuilding = false;
  private rebuildAgain = false;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  /** The station's listener count as last announced on the bus (it may play on another node). */
  private listeners = 0;

  constructor(
    private readonly playback: { build(listeners: number): Promise<PlaybackUpdate> },
    bus: EventBus,
    private readonly fanout: LiveFanout,
    private readonly log: FastifyBaseLogger,
  ) {
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type === 'listeners.changed') this.listeners = event.listeners;
      this.scheduleBroadcast();
    });
    this.timer = setInterval(() => void this.refreshIfChanged(), REFRESH_INTERVAL_MS);
  }

  get size(): number {
    return this.fanout.size;
  }

  /** Takes an HTTP upgrade request for /ws: the socket gets the current update on connect. */
  accept(req: IncomingMessage, socket: Socket, head: Buffer): void {
    socket.on('error', () => undefined);
    const request = { method: req.method ?? 'GET', url: req.url ?? '/ws', headers: req.headers };
    this.snapshot().then(
      (update) => {
        if (!socket.destroyed) this.fanout.accept(request, socket, head, update);
      },
      (err: unknown) => {
        this.current = null;
        this.log.error({ err }, 'could not build the live update');
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      },
    );
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.timer);
    await this.fanout.close();
  }

  private snapshot(): Promise<LiveUpdate> {
    this.current ??= this.playback.build(this.listeners).then((update) => ({
      version: ++this.version,
      bytes: Buffer.from(JSON.stringify(update)),
    }));
    return this.current;
  }

  /** Coalesces bursts of changes: one rebuild at a time, one more if anything came meanwhile. */
  private scheduleBroadcast(): void {
    if (this.fanout.size === 0) {
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
      .then((update) => this.fanout.publish(update))
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

  private async refreshIfChanged(): Promise<void> {
    if (this.fanout.size === 0 || this.rebuilding) return;
    const before = this.current ? await this.current.catch(() => null) : null;
    this.current = null;
    const after = await this.snapshot().catch(() => null);
    if (after === null) return;
    const strip = (b: Buffer) => b.toString('utf8').replace(/"server_time":[^,}]+/, '');
    if (before === null || strip(after.bytes) !== strip(before.bytes)) this.fanout.publish(after);
  }
}
