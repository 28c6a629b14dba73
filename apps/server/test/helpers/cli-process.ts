import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface CliOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * A command-line tool (`npm run backup`, `restore`…) as an operator runs it: its own process,
 * standard input closed, `env` over this one's; from its sources, or `built` from dist/cli.js.
 * `child` is there to signal it; `done` answers how it ended and what it said.
 */
export function startCli(
  args: string[],
  env: Record<string, string>,
  built = false,
): { child: ChildProcess; done: Promise<CliOutcome> } {
  const entry = built
    ? ['dist/cli.js']
    : ['--conditions=source', '--import', 'tsx', 'src/cli/main.ts'];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'error', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliOutcome>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
  return { child, done };
}

export const runCli = (args: string[], env: Record<string, string>, built = false) =>
  startCli(args, env, built).done;
