import type { FastifyBaseLogger } from 'fastify';
import { workerModule } from '../lib/child-process.js';
import { OnDemand, type OnDemandOptions } from '../lib/on-demand.js';
import { WorkerPool, type PoolWorker } from '../lib/worker-pool.js';
import type {
  Connection,
  FanoutEvents,
  LiveFanout,
  LiveUpdate,
  UpgradeRequest,
} from './live-fanout.js';
import { LiveSockets } from './live-sockets.js';

export type ToWorker =
  | { type: 'socket'; id: number; req: UpgradeRequest; head: Buffer; update: LiveUpdate }
  | { type: 'update'; update: LiveUpdate; quiet: boolean }
  | { type: 'room'; room: string; bytes: Buffer }
  | { type: 'session'; id: number; rooms: readonly string[]; bytes: Buffer };

export type FromWorker =
  /** Open sockets, sockets received so far, and the ids of connections gone since last said. */
  | { type: 'count'; open: number; accepted: number; closed: number[] }
  | { type: 'auth'; id: number; token: string | null };

/** What a worker's `LiveSockets` is configured with (plain data: it travels as JSON). */
export interface WorkerOptions {
  maxQueuedBytes?: number;
}

const WORKER = workerModule(import.meta.url, 'fanout-worker');

/** What is kept of each worker: its sockets as it last counted them, and those on their way. */
interface Counts {
  /** Sockets handed over, and how many of them the worker has said it received. */
  sent: number;
  acked: number;
  open: number;
}

type Worker = PoolWorker<Counts>;

/**
 * Writing one update to 20,000 sockets is 20,000 send calls, about 10 µs of kernel time each:
 * more than one core can do quickly. So, once there are many (`OnDemand`), new sockets are
 * spread over worker processes (a `WorkerPool`) that write in parallel; until then, and for the
 * sockets it took before, this process holds them itself (`LiveSockets`). Each upgraded TCP
 * connection for a worker goes to the one with the fewest, and every message goes to this
 * process's sockets and to each worker once (a session to the one holding its socket). When
 * the audience has been small for a while new sockets stay here again, and the workers stop
 * once their last socket has closed: a socket never moves, so none is cut.
 */
export class ProcessFanout implements LiveFanout {
  private readonly local: LiveSockets;
  private readonly pool: WorkerPool<Connection, ToWorker, FromWorker, Counts>;
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
    this.demand = new OnDemand(demand, { gather: () => this.stopIfEmpty() });
    this.pool = new WorkerPool({
      count: demand.processes,
      module: WORKER,
      options,
      name: 'live fan-out process',
      log,
      state: () => ({ sent: 0, acked: 0, open: 0 }),
      load: ({ state }) => state.open + (state.sent - state.acked),
      handOverMessage: ({ id, req, head }) =>
        this.latest && { type: 'socket', id, req, head, update: this.latest },
      handedOver: (worker, { id }) => {
        worker.state.sent++;
        this.owner.set(id, worker);
      },
      ready: (worker) => {
        if (this.latest)
          this.pool.post(worker, { type: 'update', update: this.latest, quiet: false });
      },
      received: (worker, message) => this.received(worker, message),
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
    if (this.pool.running) this.pool.broadcast({ type: 'room', room, bytes });
  }

  session(id: number, rooms: readonly string[], bytes: Buffer): void {
    const worker = this.owner.get(id);
    if (!worker) return this.local.session(id, rooms, bytes);
    if (worker.ready) this.pool.post(worker, { type: 'session', id, rooms, bytes });
  }

  async close(): Promise<void> {
    this.demand.close();
    await Promise.all([this.local.close(), this.pool.close()]);
  }

  private remember(update: LiveUpdate): boolean {
    if (this.latest && this.latest.version >= update.version) return false;
    this.latest = update;
    return true;
  }

  private received(worker: Worker, message: FromWorker): void {
    switch (message.type) {
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
