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
