import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * How to start a worker module that sits beside `from` (a module's `import.meta.url`): built,
 * it is JavaScript; from source (tests), TypeScript run through tsx. `execArgv` comes first.
 */
export function workerModule(
  from: string,
  name: string,
  execArgv: string[] = [],
): { file: string; execArgv: string[] } {
  const fromSource = from.endsWith('.ts');
  return {
    file: fileURLToPath(new URL(`./${name}.${fromSource ? 'ts' : 'js'}`, from)),
    execArgv: [...execArgv, ...(fromSource ? ['--conditions=source', '--import', 'tsx'] : [])],
  };
}

/**
 * glibc gives each thread that allocates an arena of its own (up to eight per core), and each
 * keeps freed pages the others cannot reuse; two are plenty for a process whose other threads
 * are V8's helpers and libuv's pool. Read only at a process's start, so it is set in the
 * environment a worker starts with (and by the image for the server itself): an idle station's
 * server held 92 MiB with two, 96–98 with glibc's default.
 */
export const MALLOC_ARENAS = '2';

/** The environment a worker process starts with: this one's, with MALLOC_ARENAS unless set. */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? MALLOC_ARENAS };
}

/**
 * Asks a child to stop (`ask`, e.g. an IPC message) and waits for it to exit, killing it if it
 * has not after `waitMs`. A child already gone is not waited for.
 */
export async function stopChild(child: ChildProcess, ask: () => void, waitMs: number) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  ask();
  const timer = setTimeout(() => child.kill('SIGKILL'), waitMs);
  await exited;
  clearTimeout(timer);
}
