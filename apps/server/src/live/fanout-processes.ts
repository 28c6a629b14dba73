import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveFanout, LiveUpdate, UpgradeRequest } from './live-fanout.js';

export type ToWorker =
  | { type: 'socket'; req: UpgradeRequest; head: Buffer; update: LiveUpdate }
  | { type: 'update'; update: LiveUpdate }
  | { type: 'close' };

export type FromWorker = { type: 'ready' } | { type: 'count'; open: number; accepted: number };

/** A worker that died is started again after this long; its clients reconnect meanwhile. */
export const RESTART_DELAY_MS = 500;
const EXIT_WAIT_MS = 2000;
/** Connections waiting for a worker to start; beyond this they are refused (503). */
const MAX_WAITING = 10_000;

/** Built, the worker is JavaScript; from source (tests), TypeScript run through tsx. */
const FROM_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = {
  file: fileURLToPath(new URL(`./fanout-worker.${FROM_SOURCE ? 'ts' : 'js'}`, import.meta.url)),
  execArgv: FROM_SOURCE ? ['--import', 'tsx'] : [],
};

interface Worker {
  process: ChildProcess;
  ready: boolean;
  /** Sockets handed over, and how many of them the worker has said it received. */
  sent: number;
  acked: number;
  open: number;
}

interface Waiting {
  req: UpgradeRequest;
  socket: Socket;
  head: Buffer;
}

/**
 * Writing one update to 20,000 sockets is 20,000 send calls, about 10 µs of kernel time each:
 * more than one core can do quickly. So the sockets are spread over `count` worker processes
 * that write in parallel. This process completes nothing itself: it hands each upgraded TCP
 * connection (its file descriptor, over IPC) to the worker with the fewest, and sends every
 * update to each worker once. Workers start on the first connection and are restarted when
 * they die.
 */
export class ProcessFanout implements LiveFanout {
  private readonly workers: (Worker | null)[];
  private latest: LiveUpdate | null = null;
  private waiting: Waiting[] = [];
  private started = false;
  private closing = false;

  constructor(
    count: number,
    private readonly log: FastifyBaseLogger,
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

  accept(req: UpgradeRequest, socket: Socket, head: Buffer, update: LiveUpdate): void {
    if (this.closing) return void socket.destroy();
    this.remember(update);
    if (!this.started) {
      this.started = true;
      this.workers.forEach((_, i) => this.spawn(i));
    }
    const worker = this.leastLoaded();
    if (worker) return this.handOver(worker, { req, socket, head });
    if (this.waiting.length >= MAX_WAITING) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\n\r\n');
      return;
    }
    socket.on('error', () => undefined);
    this.waiting.push({ req, socket, head });
  }

  publish(update: LiveUpdate): void {
    if (!this.remember(update)) return;
    for (const w of this.workers) if (w?.ready) this.send(w, { type: 'update', update });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.waiting.forEach((w) => w.socket.destroy());
    this.waiting = [];
    await Promise.all(
      this.workers.map(async (w) => {
        if (!w || w.process.exitCode !== null || w.process.signalCode !== null) return;
        const exited = new Promise((resolve) => w.process.once('exit', resolve));
        this.send(w, { type: 'close' });
        const timer = setTimeout(() => w.process.kill('SIGKILL'), EXIT_WAIT_MS);
        await exited;
        clearTimeout(timer);
      }),
    );
  }

  private remember(update: LiveUpdate): boolean {
    if (this.latest && this.latest.version >= update.version) return false;
    this.latest = update;
    return true;
  }

  private spawn(index: number): void {
    const child = fork(WORKER.file, [], {
      execArgv: WORKER.execArgv,
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = { process: child, ready: false, sent: 0, acked: 0, open: 0 };
    this.workers[index] = worker;
    child.on('message', (message: FromWorker) => {
      if (message.type === 'count') {
        worker.open = message.open;
        worker.acked = message.accepted;
        return;
      }
      worker.ready = true;
      if (this.latest) this.send(worker, { type: 'update', update: this.latest });
      const waiting = this.waiting;
      this.waiting = [];
      for (const w of waiting) {
        if (w.socket.destroyed) continue;
        this.handOver(this.leastLoaded() ?? worker, w);
      }
    });
    child.on('error', (err) => this.log.error({ err }, 'live fan-out process error'));
    child.on('exit', (code, signal) => {
      if (this.workers[index] === worker) this.workers[index] = null;
      if (this.closing) return;
      this.log.error(
        { code, signal, sockets: worker.open },
        'live fan-out process exited; restarting it',
      );
      setTimeout(() => {
        if (!this.closing && this.workers[index] === null) this.spawn(index);
      }, RESTART_DELAY_MS).unref();
    });
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

  private handOver(worker: Worker, { req, socket, head }: Waiting): void {
    if (!this.latest) return void socket.destroy();
    const message: ToWorker = { type: 'socket', req, head, update: this.latest };
    worker.sent++;
    // Node would track a connection handed over as a cluster worker's, and server.close()
    // would then wait on the workers, forever once none is left. Detached from the server,
    // the connection is instead sent as a copy; destroying this process's copy afterwards
    // releases the server's count of it and leaves the connection to the worker.
    (socket as Socket & { server: unknown }).server = null;
    worker.process.send(message, socket, { keepOpen: true }, (err) => {
      socket.destroy();
      if (err) worker.sent--;
    });
  }

  private send(worker: Worker, message: ToWorker): void {
    if (!worker.process.connected) return;
    worker.process.send(message, (err: Error | null) => {
      if (err) this.log.debug({ err }, 'live fan-out process unreachable');
    });
  }
}
