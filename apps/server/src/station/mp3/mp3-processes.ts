import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { workerModule } from '../../lib/child-process.js';
import { FAVOUR_SIZE } from '../../lib/memory-tidy.js';
import { WorkerPool } from '../../lib/worker-pool.js';
import { Mp3Audience, type Mp3Limits } from './mp3-audience.js';
import { RecentChunks, type LagLimits, type StationInfo } from './mp3-listeners.js';
import type { Mp3Chunk } from './mp3-stream.js';

export type ToMp3Worker =
  | { type: 'listener'; id: number; icy: boolean }
  | { type: 'chunk'; chunk: Mp3Chunk }
  | { type: 'drop-all' };

/** Listeners gone since last said, and which of them were dropped for lagging. */
export type FromMp3Worker = { type: 'gone'; ids: number[]; dropped: number[] };

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

/**
 * MP3 listeners held by `count` lean child processes (a `WorkerPool`) instead of the server:
 * each listener costs the server's heap nothing (no request, response or parser kept for
 * hours), and the writes of thousands of listeners run beside the server, not in it. Each
 * accepted connection goes to the process with the fewest; each chunk goes to every process
 * once, which writes it to its listeners (burst, ICY, lag drops: Mp3Listeners).
 */
export class ProcessMp3Audience extends Mp3Audience {
  private readonly pool: WorkerPool<Waiting, ToMp3Worker, FromMp3Worker, null>;
  private readonly recent = new RecentChunks();

  constructor(count: number, info: StationInfo, limits: Mp3Limits, log: FastifyBaseLogger) {
    super(limits.maxPerAddress);
    const options: Mp3WorkerOptions = {
      info,
      limits: { maxLagBytes: limits.maxLagBytes, lagCheckMs: limits.lagCheckMs },
    };
    this.pool = new WorkerPool({
      count,
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
      },
      received: (worker, message) => {
        const dropped = new Set(message.dropped);
        for (const id of message.ids) {
          if (this.pool.release(worker, id)) this.gone(id, dropped.has(id));
        }
      },
      lost: (_, id) => this.gone(id, false),
      dropped: ({ id }) => this.gone(id, false),
    });
  }

  /** The ids of the listener processes that are ready (for measuring them). */
  get pids(): number[] {
    return this.pool.pids;
  }

  publish(chunk: Mp3Chunk): void {
    this.recent.add(chunk);
    this.pool.broadcast({ type: 'chunk', chunk });
  }

  dropAll(): void {
    this.recent.clear();
    this.pool.dropWaiting();
    this.pool.broadcast({ type: 'drop-all' });
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  protected place(id: number, socket: Socket, icy: boolean): void {
    this.pool.accept({ id, socket, icy });
  }
}
