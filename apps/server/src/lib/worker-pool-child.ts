/**
 * A worker's side of a `WorkerPool` (worker-pool.ts), for the worker module itself: it imports
 * nothing else, so a worker loads no more than it needs.
 */
import type { Socket } from 'node:net';
import type { WorkerClose, WorkerReady } from './worker-pool.js';

/** The plain-data options the pool started this process with (JSON, its first argument). */
export function poolOptions<T>(): T {
  return JSON.parse(process.argv[2] ?? '{}') as T;
}

/** Sends `message` to the pool, while it is there to hear it. */
export function tellPool<From>(message: From | WorkerReady): void {
  if (process.connected) process.send!(message);
}

/**
 * Takes the pool's messages (with the connection handed over, if any), tells the pool this
 * worker is ready, and exits when the pool's process goes, kill -9 included.
 */
export function servePool<To>(take: (message: To | WorkerClose, handle?: Socket) => void): void {
  process.on('message', take);
  process.on('disconnect', () => process.exit(0));
  tellPool({ type: 'ready' });
}
