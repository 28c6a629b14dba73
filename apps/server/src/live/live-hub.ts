import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { LiveServerMessage, PlaybackUpdate } from '@queuecast/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { BusEvent, EventBus } from '../core/bus.js';
import { AddressLimit } from '../lib/address-limit.js';
import { clientAddress, trustOf, type ProxyTrust } from './address-limit.js';
import type { LiveFanout, LiveUpdate } from './live-fanout.js';
import { deliveriesFor, PLAYBACK_EFFECT, type LiveLookups } from './live-events.js';
import { LiveSessions, type Authenticate, type TokenVersions } from './live-sessions.js';
import type { Room } from './rooms.js';

/** Active users drop out of the window without any event; look again this often. */
export const REFRESH_INTERVAL_MS = 30_000;
/** How often signed-in sockets are compared with their accounts' token versions. */
export const SESSION_SWEEP_MS = 30_000;

export interface LiveHubDeps extends LiveLookups {
  playback: { build(listeners: number): Promise<PlaybackUpdate> };
  bus: EventBus;
  fanout: LiveFanout;
  log: FastifyBaseLogger;
  /** Checks an `auth` message's token as the HTTP guards do. */
  authenticate: Authenticate;
  /** Reads accounts' current token versions, for the sweep that backs up revocations. */
  tokenVersions: TokenVersions;
  /** Open sockets per client address; more upgrades are answered 429. */
  maxSocketsPerAddress: number;
  /** Client addresses from X-Forwarded-For. */
  /** Proxies whose X-Forwarded-For gives a socket's client address. */
  trustProxy: readonly string[];
}

/**
 * The live channel of every /ws socket. The playback update is rebuilt once per change and
 * serialised once; bus events become messages for a room (live-events.ts), each serialised
 * once. The fan-out writes the same bytes to the room's sockets, in this process or in its
 * workers. Sockets are numbered here at the upgrade, where the cap per address is kept.
 */
export class LiveHub {
  /** The update as UTF-8 JSON, numbered in the order built. */
  private current: Promise<LiveUpdate> | null = null;
  /** The last update built: what a socket opened while the database is away gets. */
  private lastGood: LiveUpdate | null = null;
  private version = 0;
  private rebuilding = false;
  private rebuildAgain = false;
  /** Whether the rebuild waiting behind the running one is to be written to every socket. */
  private announceAgain = false;
  private readonly timer: NodeJS.Timeout;
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly fanout: LiveFanout;
  private readonly log: FastifyBaseLogger;
  private readonly sessions: LiveSessions;
  private readonly perAddress: AddressLimit;
  private readonly trust: ProxyTrust;
  /** The address of every socket from its upgrade until the fan-out reports it gone. */
  private readonly addresses = new Map<number, string>();
  private nextId = 0;

  /** The station's listener count as last announced on the bus (it may play on another node). */
  private listeners = 0;

  constructor(private readonly deps: LiveHubDeps) {
    this.fanout = deps.fanout;
    this.log = deps.log;
    this.sessions = new LiveSessions(deps.authenticate, deps.tokenVersions, deps.fanout, deps.log);
    this.perAddress = new AddressLimit(deps.maxSocketsPerAddress);
    this.trust = trustOf(deps.trustProxy);
    this.fanout.listen({
      auth: (id, token) => void this.sessions.auth(id, token),
      closed: (id) => this.release(id),
    });
    this.unsubscribe = deps.bus.subscribe((event) => this.onEvent(event));
    this.timer = setInterval(() => void this.refreshIfChanged(), REFRESH_INTERVAL_MS);
    this.sweeper = setInterval(() => void this.sweepSessions(), SESSION_SWEEP_MS);
    this.sweeper.unref();
  }

  get size(): number {
    return this.fanout.size;
  }

  /** Told of each socket taken on (the open pages' count may have risen). */
  onArrive: (() => void) | null = null;

  /** Takes an HTTP upgrade request for /ws: the socket gets the current update on connect. */
  accept(req: IncomingMessage, socket: Socket, head: Buffer): void {
    socket.on('error', () => undefined);
    const address = clientAddress(req, this.trust);
    if (!this.perAddress.tryAdd(address)) {
      socket.end(
        'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const id = ++this.nextId;
    this.addresses.set(id, address);
    this.sessions.opened(id);
    const request = { method: req.method ?? 'GET', url: req.url ?? '/ws', headers: req.headers };
    this.snapshot().then(
      (update) => {
        if (socket.destroyed) return this.release(id);
        this.fanout.accept({ id, req: request, socket, head }, update);
        this.onArrive?.();
      },
      (err: unknown) => {
        this.current = null;
        // The station as last known (its database away, as a rule): better than no page.
        if (this.lastGood && !socket.destroyed) {
          this.log.warn({ err }, 'live update from memory: it could not be built');
          this.fanout.accept({ id, req: request, socket, head }, this.lastGood);
          this.onArrive?.();
          return;
        }
        this.release(id);
        this.log.error({ err }, 'could not build the live update');
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      },
    );
  }

  /** Sends `message` to the sockets in `room`, serialised once for all of them. */
  send(room: Room, message: LiveServerMessage): void {
    if (this.fanout.size > 0) this.fanout.send(room, Buffer.from(JSON.stringify(message)));
  }

  async close(): Promise<void> {
    this.unsubscribe();
    clearInterval(this.timer);
    clearInterval(this.sweeper);
    this.sessions.close();
    await this.fanout.close();
  }

  private release(id: number): void {
    const address = this.addresses.get(id);
    if (address === undefined) return;
    this.addresses.delete(id);
    this.perAddress.remove(address);
    this.sessions.closed(id);
  }

  /**
   * Ends the sessions of sockets whose token an account change revoked and whose bus event
   * never came (run every SESSION_SWEEP_MS; tests call it directly).
   */
  async sweepSessions(): Promise<void> {
    try {
      await this.sessions.sweep();
    } catch (err) {
      this.log.error({ err }, 'could not check the live sessions');
    }
  }

  private onEvent(event: BusEvent): void {
    if (event.type === 'sessions.revoked') {
      this.sessions.revoke(event.user_id, event.token_version);
    }
    if (event.type === 'listeners.changed') {
      // Repeated announcements (for nodes that joined late) change nothing here.
      if (event.listeners === this.listeners) return;
      this.listeners = event.listeners;
    }
    const effect = PLAYBACK_EFFECT[event.type];
    if (effect !== 'none') this.scheduleRebuild(effect === 'broadcast');
    if (this.fanout.size === 0) return; // nobody to tell
    deliveriesFor(event, this.deps).then(
      (deliveries) => deliveries.forEach((d) => this.send(d.room, d.message)),
      (err: unknown) => this.log.error({ err, event: event.type }, 'could not map a live event'),
    );
  }

  private snapshot(): Promise<LiveUpdate> {
    this.current ??= this.deps.playback
      .build(this.listeners)
      .then(
        (update) =>
          (this.lastGood = { version: ++this.version, bytes: Buffer.from(JSON.stringify(update)) }),
      );
    return this.current;
  }

  /**
   * Coalesces bursts of changes: one rebuild at a time, one more if anything came meanwhile.
   * `announce`: written to every socket; otherwise only held for refreshes and new sockets.
   */
  private scheduleRebuild(announce: boolean): void {
    if (this.fanout.size === 0) {
      this.current = null; // nobody to tell: the next socket's connect builds it
      return;
    }
    if (this.rebuilding) {
      this.rebuildAgain = true;
      this.announceAgain ||= announce;
      return;
    }
    this.rebuilding = true;
    this.current = null;
    void this.snapshot()
      .then((update) => this.fanout.publish(update, !announce))
      .catch((err: unknown) => {
        this.current = null;
        this.log.error({ err }, 'could not build the live update');
      })
      .finally(() => {
        this.rebuilding = false;
        if (this.rebuildAgain) {
          const again = this.announceAgain;
          this.rebuildAgain = false;
          this.announceAgain = false;
          this.scheduleRebuild(again);
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
