/**
 * A bench's client process (a script run with this process's Node flags), driven over IPC:
 * commands go out with `send`, answers come back in order through `next` / `expect`. The
 * process is started with spawnManaged, so it is stopped with everything else.
 */
import type { ChildProcess } from 'node:child_process';
import { spawnManaged } from './processes.js';

export interface ClientProcess<From extends { type: string }, To> {
  child: ChildProcess;
  next(): Promise<From>;
  send(command: To): void;
}

export function startClientProcess<From extends { type: string }, To>(
  file: string,
): ClientProcess<From, To> {
  const child = spawnManaged(process.execPath, [...process.execArgv, file], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: From[] = [];
  const waiters: ((m: From) => void)[] = [];
  child.on('message', (m: From) => {
    const waiter = waiters.shift();
    if (waiter) waiter(m);
    else inbox.push(m);
  });
  const died = new Promise<never>((_, reject) =>
    child.once('exit', (code, signal) =>
      reject(new Error(`client process exited (${code ?? signal})`)),
    ),
  );
  died.catch(() => undefined);
  return {
    child,
    send: (command) => child.send(command as object),
    next: () => {
      const queued = inbox.shift();
      if (queued) return Promise.resolve(queued);
      return Promise.race([new Promise<From>((resolve) => waiters.push(resolve)), died]);
    },
  };
}

/** The process's next answer, which must be of `type`. */
export async function expect<From extends { type: string }, T extends From['type']>(
  worker: ClientProcess<From, unknown>,
  type: T,
): Promise<Extract<From, { type: T }>> {
  const m = await worker.next();
  if (m.type !== type) throw new Error(`client process said ${m.type}, expected ${type}`);
  return m as Extract<From, { type: T }>;
}
