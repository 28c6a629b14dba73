import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { workerModule } from '../../lib/child-process.js';
import { FAVOUR_SIZE } from '../../lib/memory-tidy.js';
import { OnDemand, type OnDemandOptions } from '../../lib/on-demand.js';
import { WorkerPool, type PoolWorker } from '../../lib/worker-pool.js';
import { Mp3Audience, type Mp3Limits } from './mp3-audience.js';
import {
  Mp3Listeners,
  RecentChunks,
  type LagLimits,
  type ListenerPlace,
  type StationInfo,
} from './mp3-listeners.js';
import type { Mp3Chunk } from './mp3-stream.js';

export type ToMp3Worker =
  | { type: 'listener'; id: number; icy: boolean }
  | { type: 'chunk'; chunk: Mp3Chunk }
  | { type: 'drop-all' }
  /** Hand every listener back, each once everything written to it has left this process. */
  | { type: 'return' }
  /** Stop handing listeners back. */
  | { type: 'keep' };

export type FromMp3Worker =
  /** Listeners gone since last said, and which of them were dropped for lagging. */
  | { type: 'gone'; ids: number[]; dropped: number[] }
  /** A listener handed back, its socket with this message. */
  | { type: 'returned'; id: number; place: ListenerPlace };

/** What a listener process is started with (plain data: it travels as JSON). */
export interface Mp3WorkerOptions {
  info: StationInfo;
  limits: LagLimits;
}

// Its heap holds little but sockets: a small young generation keeps its memory small.
const WORKER = workerModule(import.meta.url, 'mp3-worker', [
  '--max-semi-space-size=1',
  FAVOUR_SIZE,
]);

interface Waiting {
  id: number;
  socket: Socket;
  icy: boolean;
}

type Worker = PoolWorker<null>;

/**
 * MP3 listeners held by this process while they are few, and by lean child processes (a
 * `WorkerPool` of `processes`) once they are many (`OnDemand`): a listener there costs the
 * server's heap nothing (no request, response or parser kept for hours), and the writes of
 * thousands of listeners run beside the server, not in it. Each chunk is written here to the
 * listeners held here and goes to every process once, which writes it to its own (burst, ICY,
 * lag drops: Mp3Listeners). When the audience has been small for a while the processes hand
 * their listeners back, each at a chunk's end with nothing of it left unsent, carried on here
 * from the next byte (`Mp3Listeners.release` and `adopt`), and stop once they hold none.
 */
export class ProcessMp3Audience extends Mp3Audience {
  private readonly local: Mp3Listeners;
  private readonly pool: WorkerPool<Waiting, ToMp3Worker, FromMp3Worker, null>;
  private readonly demand: OnDemand;
  private readonly recent = new RecentChunks();

  constructor(
    demand: OnDemandOptions,
    info: StationInfo,
    limits: Mp3Limits,
    log: FastifyBaseLogger,
  ) {
    super(limits.maxPerAddress);
    const lag: LagLimits = { maxLagBytes: limits.maxLagBytes, lagCheckMs: limits.lagCheckMs };
    this.local = new Mp3Listeners(info, (id, dropped) => this.left(id, dropped), lag);
    this.demand = new OnDemand(demand, {
      spread: () => this.pool.broadcast({ type: 'keep' }),
      gather: () => {
        this.pool.broadcast({ type: 'return' });
        this.stopIfEmpty();
      },
    });
    const options: Mp3WorkerOptions = { info, limits: lag };
    this.pool = new WorkerPool({
      count: demand.processes,
      module: WORKER,
      options,
      name: 'MP3 listener process',
      log,
      state: () => null,
      load: (worker) => worker.ids.size,
      handOverMessage: ({ id, icy }) => ({ type: 'listener', id, icy }),
      ready: (worker) => {
        // The burst for its first listeners.
        for (const chunk of this.recent.chunks) this.pool.post(worker, { type: 'chunk', chunk });
        if (!this.demand.toWorkers) this.pool.post(worker, { type: 'return' });
      },
      received: (worker, message, handle) => this.received(worker, message, handle),
      lost: (_, id) => this.left(id, false),
      dropped: ({ id }) => this.left(id, false),
    });
  }

  /** The ids of the listener processes that are ready (for measuring them). */
  get pids(): number[] {
    return this.pool.pids;
  }

  /** Listeners held by this process itself. */
  get here(): number {
    return this.local.count;
  }

  publish(chunk: Mp3Chunk): void {
    this.local.publish(chunk);
    this.recent.add(chunk);
    if (this.pool.running) this.pool.broadcast({ type: 'chunk', chunk });
  }

  dropAll(): void {
    this.local.dropAll();
    this.recent.clear();
    this.pool.dropWaiting();
    this.pool.broadcast({ type: 'drop-all' });
  }

  async close(): Promise<void> {
    this.demand.close();
    this.local.close();
    await this.pool.close();
  }

  protected place(id: number, socket: Socket, icy: boolean): void {
    if (this.demand.arriving(this.count)) this.pool.accept({ id, socket, icy });
    else this.local.add(id, socket, icy);
  }

  private left(id: number, dropped: boolean): void {
    this.gone(id, dropped);
    this.demand.left(this.count);
  }

  private received(worker: Worker, message: FromMp3Worker, handle?: Socket): void {
    if (message.type === 'gone') {
      const dropped = new Set(message.dropped);
      for (const id of message.ids) {
        if (this.pool.release(worker, id)) this.left(id, dropped.has(id));
      }
    } else if (this.pool.release(worker, message.id)) {
      if (!handle) this.left(message.id, false);
      else {
        handle.on('error', () => undefined);
        handle.resume(); // what a listener sends is not read
        this.local.adopt(message.id, handle, message.place);
      }
    } else handle?.destroy();
    this.stopIfEmpty();
  }

  /** Stops the processes once they are not to take listeners and hold none. */
  private stopIfEmpty(): void {
    if (!this.demand.toWorkers) this.pool.stopWhenIdle();
  }
}
