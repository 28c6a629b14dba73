import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { workerModule } from '../lib/child-process.js';
import { OnDemand, type OnDemandOptions } from '../lib/on-demand.js';
import { WorkerPool, type PoolWorker } from '../lib/worker-pool.js';
import type {
  Connection,
  FanoutEvents,
  LiveFanout,
  LiveUpdate,
  MovingSocket,
  UpgradeRequest,
} from './live-fanout.js';
import { LiveSockets } from './live-sockets.js';

export type ToWorker =
  | { type: 'socket'; id: number; req: UpgradeRequest; head: Buffer; update: LiveUpdate }
  /** An open socket this process held, moving there (`LiveSockets.adopt`). */
  | {
      type: 'adopt';
      id: number;
      rooms: readonly string[];
      version: number;
      update: LiveUpdate;
    }
  | { type: 'update'; update: LiveUpdate; quiet: boolean }
  /** `seq` numbers the room messages and sessions, in the order they are sent. */
  | { type: 'room'; room: string; bytes: Buffer; seq: number }
  | { type: 'session'; id: number; rooms: readonly string[]; bytes: Buffer; seq: number }
  /** Hand every socket back (the audience is small again), or keep them after all. */
  | { type: 'return' }
  | { type: 'keep' };

export type FromWorker =
  /** Open sockets, sockets received so far, and the ids of connections gone since last said. */
  | { type: 'count'; open: number; accepted: number; closed: number[] }
  | { type: 'auth'; id: number; token: string | null }
  /**
   * A socket handed back (with its connection), let go after the worker had taken the message
   * numbered `seq`: those after it are the parent's to write to it.
   */
  | {
      type: 'returned';
      id: number;
      rooms: readonly string[];
      version: number;
      seq: number;
    };

/** What a worker's `LiveSockets` is configured with (plain data: it travels as JSON). */
export interface WorkerOptions {
  maxQueuedBytes?: number;
}

const WORKER = workerModule(import.meta.url, 'fanout-worker');
/** Sockets moved to the workers per turn of the event loop, so that updates are not held up. */
const MOVE_SLICE = 250;
/** How soon sockets that could not move yet (a frame half read or written) are tried again. */
const MOVE_RETRY_MS = 200;
/**
 * The latest room messages and sessions kept while workers run, for a socket a worker hands
 * back: what it let the socket go before taking is written here. Far more than can be in flight
 * between a worker and this process.
 */
const KEPT = 4096;

/** A room message or a session, numbered as sent. */
type Said =
  | { seq: number; room: string; bytes: Buffer }
  | { seq: number; id: number; rooms: readonly string[]; bytes: Buffer };

/** What is kept of each worker: its sockets as it last counted them, and those on their way. */
interface Counts {
  /** Sockets handed over, and how many of them the worker has said it received. */
  sent: number;
  acked: number;
  open: number;
}

type Worker = PoolWorker<Counts>;
/** What goes to a worker: a new connection to upgrade, or an open socket moving there. */
type Handed = Connection | MovingSocket;

/**
 * Writing one update to 20,000 sockets is 20,000 send calls, about 10 µs of kernel time each:
 * more than one core can do quickly. So, once there are many (`OnDemand`), new sockets are
 * spread over worker processes (a `WorkerPool`) that write in parallel; until then, and for the
 * sockets it took before, this process holds them itself (`LiveSockets`). Each upgraded TCP
 * connection for a worker goes to the one with the fewest, and every message goes to this
 * process's sockets and to each worker once (a session to the one holding its socket). Once
 * the workers are running, the sockets this process took before move to them too (`moveOut`),
 * so that an update is written by the workers alone. When the audience has been small for a
 * while new sockets stay here again, the workers hand theirs back (`returned`), open, and stop
 * once they hold none: no socket is cut and none misses a message. A moving socket is let go
 * by one process between two messages and taken by the other; what one said to it after
 * letting it go, the other writes (numbered room messages and sessions, `said`).
 */
export class ProcessFanout implements LiveFanout {
  private readonly local: LiveSockets;
  private readonly pool: WorkerPool<Handed, ToWorker, FromWorker, Counts>;
  /** The next slice of sockets to move out, when one is scheduled. */
  private moving: NodeJS.Timeout | null = null;
  /** The number of the last room message or session sent, and those kept (`returned`). */
  private seq = 0;
  private said: Said[] = [];
  private readonly demand: OnDemand;
  private readonly owner = new Map<number, Worker>();
  private latest: LiveUpdate | null = null;
  private events: FanoutEvents | null = null;

  constructor(demand: OnDemandOptions, log: FastifyBaseLogger, options: WorkerOptions = {}) {
    this.local = new LiveSockets(options);
    this.local.listen({
      auth: (id, token) => this.events?.auth(id, token),
      closed: (id) => this.closed(id),
    });
    this.demand = new OnDemand(demand, {
      spread: () => {
        this.pool.broadcast({ type: 'keep' });
        this.moveOut();
      },
      gather: () => {
        this.pool.broadcast({ type: 'return' });
        this.stopIfEmpty();
      },
    });
    this.pool = new WorkerPool({
      count: demand.processes,
      module: WORKER,
      options,
      name: 'live fan-out process',
      log,
      state: () => ({ sent: 0, acked: 0, open: 0 }),
      load: ({ state }) => state.open + (state.sent - state.acked),
      handOverMessage: (c) => {
        if (!this.latest) return null;
        if ('req' in c)
          return { type: 'socket', id: c.id, req: c.req, head: c.head, update: this.latest };
        return { type: 'adopt', id: c.id, rooms: c.rooms, version: c.version, update: this.latest };
      },
      handedOver: (worker, { id }) => {
        worker.state.sent++;
        this.owner.set(id, worker);
      },
      ready: (worker) => {
        if (this.latest)
          this.pool.post(worker, { type: 'update', update: this.latest, quiet: false });
        if (!this.demand.toWorkers) this.pool.post(worker, { type: 'return' });
        this.moveOut();
      },
      received: (worker, message, handle) => this.received(worker, message, handle),
      lost: (worker, id, why) => {
        if (why === 'unsent') worker.state.sent--;
        this.gone(worker, id);
      },
      dropped: ({ id }) => this.closed(id),
      turnAway: (socket) =>
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n'),
      exitDetails: (worker) => ({ sockets: worker.state.open }),
    });
  }

  get size(): number {
    let size = this.local.size + this.pool.waitingCount;
    for (const { state } of this.pool.workers) size += state.open + (state.sent - state.acked);
    return size;
  }

  /** The ids of the worker processes that are ready (for measuring them). */
  get pids(): number[] {
    return this.pool.pids;
  }

  listen(events: FanoutEvents): void {
    this.events = events;
  }

  /** Sockets held by this process itself. */
  get here(): number {
    return this.local.size;
  }

  accept(connection: Connection, update: LiveUpdate): void {
    this.remember(update);
    if (this.demand.arriving(this.size + 1)) this.pool.accept(connection);
    else this.local.accept(connection, update);
  }

  publish(update: LiveUpdate, quiet = false): void {
    if (!this.remember(update)) return;
    this.local.publish(update, quiet);
    if (this.pool.running) this.pool.broadcast({ type: 'update', update, quiet });
  }

  send(room: string, bytes: Buffer): void {
    this.local.send(room, bytes);
    if (!this.pool.running) {
      if (this.said.length > 0) this.said = [];
      return;
    }
    const seq = this.keep({ seq: ++this.seq, room, bytes });
    this.pool.broadcast({ type: 'room', room, bytes, seq });
  }

  session(id: number, rooms: readonly string[], bytes: Buffer): void {
    const worker = this.owner.get(id);
    if (!worker) return this.local.session(id, rooms, bytes);
    const seq = this.keep({ seq: ++this.seq, id, rooms, bytes });
    if (worker.ready) this.pool.post(worker, { type: 'session', id, rooms, bytes, seq });
  }

  /** Keeps what is said to the workers, the latest `KEPT`; answers its number. */
  private keep(said: Said): number {
    this.said.push(said);
    if (this.said.length > 2 * KEPT) this.said = this.said.slice(-KEPT);
    return said.seq;
  }

  async close(): Promise<void> {
    this.stopMoving();
    this.demand.close();
    await Promise.all([this.local.close(), this.pool.close()]);
  }

  /**
   * Once the sockets go to the workers, those this process took before go there too, a slice
   * at a time, as soon as a worker is ready: each is let go here and taken there between two
   * messages (the worker hears them in order), so none is closed and none misses a message.
   */
  private moveOut(): void {
    if (this.moving || !this.demand.toWorkers || this.local.size === 0) return;
    // Handed over only to a ready worker: one still starting would keep it waiting, deaf.
    if (this.pool.pids.length === 0) return;
    this.moving = setTimeout(() => this.moveSlice(), 0);
  }

  private moveSlice(): void {
    this.moving = null;
    if (!this.demand.toWorkers || this.pool.pids.length === 0) return;
    let moved = 0;
    let stayed = 0;
    for (const id of this.local.ids()) {
      if (moved >= MOVE_SLICE) break;
      const socket = this.local.release(id);
      if (!socket) {
        stayed++;
        continue;
      }
      this.pool.accept(socket);
      moved++;
    }
    if (this.local.size === 0) return;
    // A full slice: the rest in the next turn; only sockets busy right now: a moment later.
    if (moved >= MOVE_SLICE) this.moving = setTimeout(() => this.moveSlice(), 0);
    else if (stayed > 0) this.moving = setTimeout(() => this.moveSlice(), MOVE_RETRY_MS);
  }

  private stopMoving(): void {
    if (this.moving) clearTimeout(this.moving);
    this.moving = null;
  }

  private remember(update: LiveUpdate): boolean {
    if (this.latest && this.latest.version >= update.version) return false;
    this.latest = update;
    return true;
  }

  private received(worker: Worker, message: FromWorker, handle?: Socket): void {
    switch (message.type) {
      case 'returned':
        return this.returned(worker, message, handle);
      case 'count':
        worker.state.open = message.open;
        worker.state.acked = message.accepted;
        for (const id of message.closed) if (this.pool.release(worker, id)) this.gone(worker, id);
        return;
      case 'auth':
        if (this.owner.get(message.id) === worker) this.events?.auth(message.id, message.token);
        return;
    }
  }

  /**
   * A socket a worker handed back: held here from now on, and written what was said after the
   * worker let it go (the worker wrote what came before).
   */
  private returned(
    worker: Worker,
    { id, rooms, version, seq }: Extract<FromWorker, { type: 'returned' }>,
    handle?: Socket,
  ): void {
    if (!this.pool.release(worker, id)) return void handle?.destroy();
    if (this.owner.get(id) === worker) this.owner.delete(id);
    if (!handle || !this.latest) {
      handle?.destroy();
      return this.closed(id); // it closed on the way
    }
    handle.on('error', () => undefined);
    worker.state.open = Math.max(0, worker.state.open - 1);
    this.local.adopt({ id, socket: handle, rooms, version }, this.latest);
    for (const said of this.said) {
      if (said.seq <= seq) continue;
      if ('id' in said) {
        if (said.id === id) this.local.session(id, said.rooms, said.bytes);
      } else this.local.sendTo(id, said.room, said.bytes);
    }
    this.stopIfEmpty();
    this.moveOut(); // the audience grew again meanwhile
  }

  /** A connection handed to `worker` is gone, said once. */
  private gone(worker: Worker, id: number): void {
    if (this.owner.get(id) === worker) this.owner.delete(id);
    this.closed(id);
  }

  private closed(id: number): void {
    this.events?.closed(id);
    this.demand.left(this.size);
    this.stopIfEmpty();
  }

  /** Stops the workers once they are not to take sockets and hold none. */
  private stopIfEmpty(): void {
    // A worker still writing what it was sent is busy.
    if (!this.demand.toWorkers) this.pool.stopWhenIdle((w) => w.state.sent > w.state.acked);
  }
}
