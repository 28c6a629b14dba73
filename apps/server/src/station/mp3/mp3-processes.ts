import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { stopChild, workerEnv, workerModule } from '../../lib/child-process.js';
import { FAVOUR_SIZE } from '../../lib/memory-tidy.js';
import { Mp3Audience, type Mp3Limits } from './mp3-audience.js';
import { RecentChunks, type LagLimits, type StationInfo } from './mp3-listeners.js';
import type { Mp3Chunk } from './mp3-stream.js';

export type ToMp3Worker =
  | { type: 'listener'; id: number; icy: boolean }
  | { type: 'chunk'; chunk: Mp3Chunk }
  | { type: 'drop-all' }
  | { type: 'close' };

export type FromMp3Worker =
  | { type: 'ready' }
  /** Listeners gone since last said, and which of them were dropped for lagging. */
  | { type: 'gone'; ids: number[]; dropped: number[] };

/** What a listener process is started with (plain data: it travels as JSON). */
export interface Mp3WorkerOptions {
  info: StationInfo;
  limits: LagLimits;
}

/** A process that died is started again after this long; its listeners reconnect meanwhile. */
const RESTART_DELAY_MS = 500;
const EXIT_WAIT_MS = 2000;
/** Connections waiting for a process to start; beyond this they are refused. */
const MAX_WAITING = 10_000;

// Its heap holds little but sockets: a small young generation keeps its memory small.
const WORKER = workerModule(import.meta.url, 'mp3-worker', [
  '--max-semi-space-size=1',
  FAVOUR_SIZE,
]);

interface Worker {
  process: ChildProcess;
  ready: boolean;
  /** The listeners handed to it and not yet reported gone. */
  ids: Set<number>;
}

interface Waiting {
  id: number;
  socket: Socket;
  icy: boolean;
}

/**
 * MP3 listeners held by `count` lean child processes instead of the server: each listener
 * costs the server's heap nothing (no request, response or parser kept for hours), and the
 * writes of thousands of listeners run beside the server, not in it. Each accepted connection
 * (its file descriptor, over IPC) goes to the process with the fewest; each chunk goes to
 * every process once, which writes it to its listeners (burst, ICY, lag drops: Mp3Listeners).
 * Processes start with the first listener and are restarted when they die.
 */
export class ProcessMp3Audience extends Mp3Audience {
  private readonly workers: (Worker | null)[];
  private readonly options: Mp3WorkerOptions;
  private readonly recent = new RecentChunks();
  private waiting: Waiting[] = [];
  private started = false;
  private closing = false;

  constructor(
    count: number,
    info: StationInfo,
    limits: Mp3Limits,
    private readonly log: FastifyBaseLogger,
  ) {
    super(limits.maxPerAddress);
    this.workers = Array.from({ length: count }, () => null);
    this.options = {
      info,
      limits: { maxLagBytes: limits.maxLagBytes, lagCheckMs: limits.lagCheckMs },
    };
  }

  /** The ids of the listener processes that are ready (for measuring them). */
  get pids(): number[] {
    return this.workers.flatMap((w) => (w?.ready && w.process.pid ? [w.process.pid] : []));
  }

  publish(chunk: Mp3Chunk): void {
    this.recent.add(chunk);
    for (const w of this.workers) if (w?.ready) this.post(w, { type: 'chunk', chunk });
  }

  dropAll(): void {
    this.recent.clear();
    for (const c of this.waiting.splice(0)) this.refuse(c);
    for (const w of this.workers) if (w?.ready) this.post(w, { type: 'drop-all' });
  }

  async close(): Promise<void> {
    this.closing = true;
    for (const c of this.waiting.splice(0)) this.refuse(c);
    await Promise.all(
      this.workers.flatMap((w) =>
        w ? [stopChild(w.process, () => this.post(w, { type: 'close' }), EXIT_WAIT_MS)] : [],
      ),
    );
  }

  protected place(id: number, socket: Socket, icy: boolean): void {
    if (this.closing) return this.refuse({ id, socket, icy });
    if (!this.started) {
      this.started = true;
      this.workers.forEach((_, i) => this.spawn(i));
    }
    const worker = this.leastLoaded();
    if (worker) return this.handOver(worker, { id, socket, icy });
    if (this.waiting.length >= MAX_WAITING) return this.refuse({ id, socket, icy });
    socket.on('error', () => undefined);
    this.waiting.push({ id, socket, icy });
  }

  private refuse({ id, socket }: Waiting): void {
    socket.destroy();
    this.gone(id, false);
  }

  private spawn(index: number): void {
    const child = fork(WORKER.file, [JSON.stringify(this.options)], {
      execArgv: WORKER.execArgv,
      env: workerEnv(),
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const worker: Worker = { process: child, ready: false, ids: new Set() };
    this.workers[index] = worker;
    child.on('message', (message: FromMp3Worker) => {
      if (message.type === 'ready') return this.ready(worker);
      const dropped = new Set(message.dropped);
      for (const id of message.ids) this.release(worker, id, dropped.has(id));
    });
    child.on('error', (err) => this.log.error({ err }, 'MP3 listener process error'));
    child.on('exit', (code, signal) => {
      if (this.workers[index] === worker) this.workers[index] = null;
      // Its listeners' connections died with it.
      for (const id of [...worker.ids]) this.release(worker, id, false);
      if (this.closing) return;
      // Decided after the delay: a signal to the whole process group (a supervisor stopping
      // the server) reaches the children first, and the server's own stop follows.
      setTimeout(() => {
        if (this.closing || this.workers[index] !== null) return;
        this.log.error({ code, signal }, 'MP3 listener process exited; restarting it');
        this.spawn(index);
      }, RESTART_DELAY_MS).unref();
    });
  }

  private release(worker: Worker, id: number, dropped: boolean): void {
    if (worker.ids.delete(id)) this.gone(id, dropped);
  }

  private ready(worker: Worker): void {
    worker.ready = true;
    // The burst for its first listeners.
    for (const chunk of this.recent.chunks) this.post(worker, { type: 'chunk', chunk });
    for (const c of this.waiting.splice(0)) {
      if (c.socket.destroyed) this.gone(c.id, false);
      else this.handOver(this.leastLoaded() ?? worker, c);
    }
  }

  private leastLoaded(): Worker | null {
    let best: Worker | null = null;
    for (const w of this.workers) {
      if (!w?.ready || !w.process.connected) continue;
      if (!best || w.ids.size < best.ids.size) best = w;
    }
    return best;
  }

  private handOver(worker: Worker, { id, socket, icy }: Waiting): void {
    worker.ids.add(id);
    const message: ToMp3Worker = { type: 'listener', id, icy };
    // Detached from the HTTP server, the connection is sent as a copy (as the live fan-out
    // does, see fanout-processes.ts): destroying this process's copy afterwards frees the
    // request, response and parser held here and leaves the connection to the worker.
    (socket as Socket & { server: unknown }).server = null;
    worker.process.send(message, socket, { keepOpen: true }, (err) => {
      socket.destroy();
      if (err) this.release(worker, id, false);
    });
  }

  private post(worker: Worker, message: ToMp3Worker): void {
    if (!worker.process.connected) return;
    worker.process.send(message, (err: Error | null) => {
      if (err) this.log.debug({ err }, 'MP3 listener process unreachable');
    });
  }
}
