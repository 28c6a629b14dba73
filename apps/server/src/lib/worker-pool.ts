import { fork, type ChildProcess, type Serializable } from 'node:child_process';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { stopChild, workerEnv } from './child-process.js';

/** What the pool asks of every worker beside its own kind of messages: to stop. */
export type WorkerClose = { type: 'close' };
/** What every worker says once it can take connections. */
export type WorkerReady = { type: 'ready' };

/** A connection to hand to a worker: the owner's id for it, and its socket. */
export interface Handover {
  id: number;
  socket: Socket;
}

/** One process of the pool, and what its owner keeps of it. */
export interface PoolWorker<State> {
  readonly process: ChildProcess;
  ready: boolean;
  /** Stopped because no longer needed: not started again when it exits. */
  retired: boolean;
  /** The connections handed to it and not yet reported gone. */
  readonly ids: Set<number>;
  readonly state: State;
}

export interface WorkerPoolOptions<C extends Handover, To extends Serializable, From, State> {
  /** Processes, all started with the first connection (after `stop`, with the next). */
  count: number;
  /** The worker module (see `workerModule`), and the plain data it is started with (JSON). */
  module: { file: string; execArgv: string[] };
  options: unknown;
  /** What the log calls one of them ("MP3 listener process"). */
  name: string;
  log: FastifyBaseLogger;
  /** What the owner keeps of a worker just started (its counters). */
  state(): State;
  /** A new connection goes to the ready worker with the least of this. */
  load(worker: PoolWorker<State>): number;
  /** The message a connection travels with; null when it cannot be handed over (dropped). */
  handOverMessage(connection: C): To | null;
  /** The connection is on its way to `worker` (counted there from now). */
  handedOver?(worker: PoolWorker<State>, connection: C): void;
  /** The worker is ready: what it must hear before its first connection. */
  ready(worker: PoolWorker<State>): void;
  /** A message of the worker's own kind, with the connection it hands back, if any. */
  received(worker: PoolWorker<State>, message: From, handle?: Socket): void;
  /**
   * A connection handed to `worker` is gone without the worker saying so: it never got there
   * (`unsent`), or the process died with it (`exited`).
   */
  lost(worker: PoolWorker<State>, id: number, why: 'unsent' | 'exited'): void;
  /** A connection that reached no worker is gone (its socket closed). */
  dropped(connection: C): void;
  /** How a connection is turned away when too many wait; by default it is closed. */
  turnAway?(socket: Socket): void;
  /** What the log says of a worker that exited, beside its exit code and signal. */
  exitDetails?(worker: PoolWorker<State>): Record<string, unknown>;
}

/** A worker that died is started again after this long; its clients reconnect meanwhile. */
export const RESTART_DELAY_MS = 500;
const EXIT_WAIT_MS = 2000;
/** Connections waiting for a worker to start; beyond this they are turned away. */
const MAX_WAITING = 10_000;

/**
 * Connections held by `count` child processes instead of the server (lib/README.md says why):
 * each accepted connection (its file descriptor, over IPC) goes to the ready worker with the
 * least load, and a message for all goes to each worker once. Workers start with the first
 * connection, connections wait for them meanwhile, and a worker that dies is started again.
 * What the workers do with their connections, and what they report, is the owner's.
 */
export class WorkerPool<C extends Handover, To extends Serializable, From, State> {
  private readonly slots: (PoolWorker<State> | null)[];
  private waiting: C[] = [];
  private started = false;
  private closing = false;

  constructor(private readonly o: WorkerPoolOptions<C, To, From, State>) {
    this.slots = Array.from({ length: o.count }, () => null);
  }

  /** The workers running now, ready or starting. */
  get workers(): PoolWorker<State>[] {
    return this.slots.filter((w) => w !== null);
  }

  /** Connections waiting for a worker to be ready. */
  get waitingCount(): number {
    return this.waiting.length;
  }

  /** The ids of the worker processes that are ready (for measuring them). */
  get pids(): number[] {
    return this.slots.flatMap((w) => (w?.ready && w.process.pid ? [w.process.pid] : []));
  }

  /** Hands the connection to a worker, or keeps it until one is ready. */
  accept(connection: C): void {
    if (this.closing) return this.drop(connection);
    if (!this.started) {
      this.started = true;
      this.slots.forEach((_, i) => this.spawn(i));
    }
    const worker = this.leastLoaded();
    if (worker) return this.handOver(worker, connection);
    if (this.waiting.length >= MAX_WAITING) {
      (this.o.turnAway ?? ((s: Socket) => s.destroy()))(connection.socket);
      return this.o.dropped(connection);
    }
    connection.socket.on('error', () => undefined);
    this.waiting.push(connection);
  }

  /** Sends `message` to every ready worker. */
  broadcast(message: To): void {
    for (const w of this.slots) if (w?.ready) this.post(w, message);
  }

  /** Sends `message` to one worker, if it is still there to hear it. */
  post(worker: PoolWorker<State>, message: To | WorkerClose): void {
    if (!worker.process.connected) return;
    worker.process.send(message, (err: Error | null) => {
      if (err) this.o.log.debug({ err }, `${this.o.name} unreachable`);
    });
  }

  /**
   * The worker reported the connection gone: answers whether it was the worker's (a connection
   * is released once, whoever reports it).
   */
  release(worker: PoolWorker<State>, id: number): boolean {
    return worker.ids.delete(id);
  }

  /**
   * Stops the workers once none holds a connection or is `busy` otherwise and none waits (the
   * next connection starts them again); does nothing while they are in use.
   */
  stopWhenIdle(busy: (worker: PoolWorker<State>) => boolean = () => false): void {
    if (this.stopping || !this.running || this.waiting.length > 0) return;
    if (this.workers.some((w) => w.ids.size > 0 || busy(w))) return;
    this.stopping = this.stop().finally(() => (this.stopping = null));
  }

  /** Closes the connections still waiting for a worker. */
  dropWaiting(): void {
    for (const c of this.waiting.splice(0)) this.drop(c);
  }

  private stopping: Promise<void> | null = null;

  /** Whether any worker is running or starting. */
  get running(): boolean {
    return this.slots.some((w) => w !== null);
  }

  /**
   * Stops every worker, which must hold no connection any more (what it still holds is
   * lost); the next connection starts them again.
   */
  async stop(): Promise<void> {
    this.started = false;
    const workers = this.workers;
    this.slots.fill(null);
    await Promise.all(workers.map((w) => this.stopWorker(w)));
  }

  /** Drops what waits and stops every worker (killed if it has not exited in 2 s). */
  async close(): Promise<void> {
    this.closing = true;
    this.dropWaiting();
    await Promise.all(this.workers.map((w) => this.stopWorker(w)));
  }

  private stopWorker(worker: PoolWorker<State>): Promise<void> {
    worker.retired = true;
    return stopChild(worker.process, () => this.post(worker, { type: 'close' }), EXIT_WAIT_MS);
  }

  private drop(connection: C): void {
    connection.socket.destroy();
    this.o.dropped(connection);
  }

  private spawn(index: number): void {
    const child = fork(this.o.module.file, [JSON.stringify(this.o.options)], {
      execArgv: this.o.module.execArgv,
      env: workerEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: PoolWorker<State> = {
      process: child,
      ready: false,
      retired: false,
      ids: new Set(),
      state: this.o.state(),
    };
    this.slots[index] = worker;
    child.on('message', (message: From | WorkerReady, handle?: Socket) => {
      if ((message as WorkerReady).type === 'ready') return this.ready(worker);
      this.o.received(worker, message as From, handle);
    });
    child.on('error', (err) => this.o.log.error({ err }, `${this.o.name} error`));
    child.on('exit', (code, signal) => {
      if (this.slots[index] === worker) this.slots[index] = null;
      // Its connections died with it.
      for (const id of [...worker.ids]) {
        if (worker.ids.delete(id)) this.o.lost(worker, id, 'exited');
      }
      if (this.closing || worker.retired) return;
      // Decided after the delay: a signal to the whole process group (a supervisor stopping
      // the server) reaches the children first, and the server's own stop follows.
      setTimeout(() => {
        if (this.closing || this.slots[index] !== null) return;
        this.o.log.error(
          { code, signal, ...this.o.exitDetails?.(worker) },
          `${this.o.name} exited; restarting it`,
        );
        this.spawn(index);
      }, RESTART_DELAY_MS).unref();
    });
  }

  private ready(worker: PoolWorker<State>): void {
    worker.ready = true;
    this.o.ready(worker);
    for (const c of this.waiting.splice(0)) {
      if (c.socket.destroyed) this.o.dropped(c);
      else this.handOver(this.leastLoaded() ?? worker, c);
    }
  }

  private leastLoaded(): PoolWorker<State> | null {
    let best: PoolWorker<State> | null = null;
    let bestLoad = Infinity;
    for (const w of this.slots) {
      if (!w?.ready || !w.process.connected) continue;
      const load = this.o.load(w);
      if (load < bestLoad) {
        best = w;
        bestLoad = load;
      }
    }
    return best;
  }

  private handOver(worker: PoolWorker<State>, connection: C): void {
    const message = this.o.handOverMessage(connection);
    if (message === null) return this.drop(connection);
    const { id, socket } = connection;
    worker.ids.add(id);
    this.o.handedOver?.(worker, connection);
    // Node would track a connection handed over as a cluster worker's, and server.close()
    // would then wait on the workers, forever once none is left. Detached from the server,
    // the connection is instead sent as a copy; destroying this process's copy afterwards
    // releases the server's count of it (and the request, response and parser it held) and
    // leaves the connection to the worker.
    (socket as Socket & { server: unknown }).server = null;
    worker.process.send(message, socket, { keepOpen: true }, (err) => {
      socket.destroy();
      if (err && worker.ids.delete(id)) this.o.lost(worker, id, 'unsent');
    });
  }
}
