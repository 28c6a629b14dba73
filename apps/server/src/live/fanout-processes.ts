import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { stopChild, workerEnv, workerModule } from '../lib/child-process.js';
import type {
  Connection,
  FanoutEvents,
  LiveFanout,
  LiveUpdate,
  UpgradeRequest,
} from './live-fanout.js';

export type ToWorker =
  | { type: 'socket'; id: number; req: UpgradeRequest; head: Buffer; update: LiveUpdate }
  | { type: 'update'; update: LiveUpdate; quiet: boolean }
  | { type: 'room'; room: string; bytes: Buffer }
  | { type: 'session'; id: number; rooms: readonly string[]; bytes: Buffer }
  | { type: 'close' };

export type FromWorker =
  | { type: 'ready' }
  /** Open sockets, sockets received so far, and the ids of connections gone since last said. */
  | { type: 'count'; open: number; accepted: number; closed: number[] }
  | { type: 'auth'; id: number; token: string | null };

/** What a worker's `LiveSockets` is configured with (plain data: it travels as JSON). */
export interface WorkerOptions {
  maxQueuedBytes?: number;
}

/** A worker that died is started again after this long; its clients reconnect meanwhile. */
export const RESTART_DELAY_MS = 500;
const EXIT_WAIT_MS = 2000;
/** Connections waiting for a worker to start; beyond this they are refused (503). */
const MAX_WAITING = 10_000;

const WORKER = workerModule(import.meta.url, 'fanout-worker');

interface Worker {
  process: ChildProcess;
  ready: boolean;
  /** Sockets handed over, and how many of them the worker has said it received. */
  sent: number;
  acked: number;
  open: number;
  /** The connections handed to it and not yet reported gone. */
  ids: Set<number>;
}

/**
 * Writing one update to 20,000 sockets is 20,000 send calls, about 10 µs of kernel time each:
 * more than one core can do quickly. So the sockets are spread over `count` worker processes
 * that write in parallel. This process completes nothing itself: it hands each upgraded TCP
 * connection (its file descriptor, over IPC) to the worker with the fewest, and sends every
 * message to each worker once (a session to the one worker holding its socket). Workers start
 * on the first connection and are restarted when they die.
 */
export class ProcessFanout implements LiveFanout {
  private readonly workers: (Worker | null)[];
  private readonly owner = new Map<number, Worker>();
  private latest: LiveUpdate | null = null;
  private waiting: Connection[] = [];
  private events: FanoutEvents | null = null;
  private started = false;
  private closing = false;

  constructor(
    count: number,
    private readonly log: FastifyBaseLogger,
    private readonly options: WorkerOptions = {},
  ) {
    this.workers = Array.from({ length: count }, () => null);
  }

  get size(): number {
    let size = this.waiting.length;
    for (const w of this.workers) if (w) size += w.open + (w.sent - w.acked);
    return size;
  }

  /** The ids of the worker processes that are ready (for measuring them). */
  get pids(): number[] {
    return this.workers.flatMap((w) => (w?.ready && w.process.pid ? [w.process.pid] : []));
  }

  listen(events: FanoutEvents): void {
    this.events = events;
  }

  accept(connection: Connection, update: LiveUpdate): void {
    if (this.closing) return this.drop(connection);
    this.remember(update);
    if (!this.started) {
      this.started = true;
      this.workers.forEach((_, i) => this.spawn(i));
    }
    const worker = this.leastLoaded();
    if (worker) return this.handOver(worker, connection);
    if (this.waiting.length >= MAX_WAITING) {
      connection.socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      this.events?.closed(connection.id);
      return;
    }
    connection.socket.on('error', () => undefined);
    this.waiting.push(connection);
  }

  publish(update: LiveUpdate, quiet = false): void {
    if (!this.remember(update)) return;
    for (const w of this.workers) if (w?.ready) this.post(w, { type: 'update', update, quiet });
  }

  send(room: string, bytes: Buffer): void {
    for (const w of this.workers) if (w?.ready) this.post(w, { type: 'room', room, bytes });
  }

  session(id: number, rooms: readonly string[], bytes: Buffer): void {
    const worker = this.owner.get(id);
    if (worker?.ready) this.post(worker, { type: 'session', id, rooms, bytes });
  }

  async close(): Promise<void> {
    this.closing = true;
    const waiting = this.waiting;
    this.waiting = [];
    waiting.forEach((c) => this.drop(c));
    await Promise.all(
      this.workers.flatMap((w) =>
        w ? [stopChild(w.process, () => this.post(w, { type: 'close' }), EXIT_WAIT_MS)] : [],
      ),
    );
  }

  private remember(update: LiveUpdate): boolean {
    if (this.latest && this.latest.version >= update.version) return false;
    this.latest = update;
    return true;
  }

  private drop({ id, socket }: Connection): void {
    socket.destroy();
    this.events?.closed(id);
  }

  private gone(worker: Worker, id: number): void {
    if (!worker.ids.delete(id)) return;
    if (this.owner.get(id) === worker) this.owner.delete(id);
    this.events?.closed(id);
  }

  private spawn(index: number): void {
    const child = fork(WORKER.file, [JSON.stringify(this.options)], {
      execArgv: WORKER.execArgv,
      env: workerEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = {
      process: child,
      ready: false,
      sent: 0,
      acked: 0,
      open: 0,
      ids: new Set(),
    };
    this.workers[index] = worker;
    child.on('message', (message: FromWorker) => {
      switch (message.type) {
        case 'count':
          worker.open = message.open;
          worker.acked = message.accepted;
          for (const id of message.closed) this.gone(worker, id);
          return;
        case 'auth':
          if (this.owner.get(message.id) === worker) this.events?.auth(message.id, message.token);
          return;
        case 'ready':
          return this.ready(worker);
      }
    });
    child.on('error', (err) => this.log.error({ err }, 'live fan-out process error'));
    child.on('exit', (code, signal) => {
      if (this.workers[index] === worker) this.workers[index] = null;
      // Its sockets died with it.
      for (const id of [...worker.ids]) this.gone(worker, id);
      if (this.closing) return;
      // Decided after the delay: a signal to the whole process group (a supervisor stopping
      // the server) reaches the children first, and the server's own stop follows.
      setTimeout(() => {
        if (this.closing || this.workers[index] !== null) return;
        this.log.error(
          { code, signal, sockets: worker.open },
          'live fan-out process exited; restarting it',
        );
        this.spawn(index);
      }, RESTART_DELAY_MS).unref();
    });
  }

  private ready(worker: Worker): void {
    worker.ready = true;
    if (this.latest) this.post(worker, { type: 'update', update: this.latest, quiet: false });
    const waiting = this.waiting;
    this.waiting = [];
    for (const c of waiting) {
      if (c.socket.destroyed) this.events?.closed(c.id);
      else this.handOver(this.leastLoaded() ?? worker, c);
    }
  }

  private leastLoaded(): Worker | null {
    let best: Worker | null = null;
    let bestLoad = Infinity;
    for (const w of this.workers) {
      if (!w?.ready || !w.process.connected) continue;
      const load = w.open + (w.sent - w.acked);
      if (load < bestLoad) {
        best = w;
        bestLoad = load;
      }
    }
    return best;
  }

  private handOver(worker: Worker, connection: Connection): void {
    const { id, req, socket, head } = connection;
    if (!this.latest) return this.drop(connection);
    const message: ToWorker = { type: 'socket', id, req, head, update: this.latest };
    worker.sent++;
    worker.ids.add(id);
    this.owner.set(id, worker);
    // Node would track a connection handed over as a cluster worker's, and server.close()
    // would then wait on the workers, forever once none is left. Detached from the server,
    // the connection is instead sent as a copy; destroying this process's copy afterwards
    // releases the server's count of it and leaves the connection to the worker.
    (socket as Socket & { server: unknown }).server = null;
    worker.process.send(message, socket, { keepOpen: true }, (err) => {
      socket.destroy();
      if (!err) return;
      worker.sent--;
      this.gone(worker, id);
    });
  }

  private post(worker: Worker, message: ToWorker): void {
    if (!worker.process.connected) return;
    worker.process.send(message, (err: Error | null) => {
      if (err) this.log.debug({ err }, 'live fan-out process unreachable');
    });
  }
}
