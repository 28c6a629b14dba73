import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import type { TestDatabase } from './test-db.js';

/*
 * The real server process (main.ts through tsx), as `npm start` runs it, for the tests that
 * need what only a process has: signals, kill -9, restarts, several nodes, worker processes.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** How much of a server's output to keep: its last words are what explain a failure. */
const LOG_CHARS = 8000;

export interface ServerProcess {
  name: string;
  port: number;
  child: ChildProcess;
  /** The last few KB of its stdout and stderr, for failure messages. */
  log(): string;
}

export interface ProcessEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
}

// Every server still running: killed after the file's tests, even when a test failed before
// stopping its own, and when the runner exits, so that none outlives the run.
const running = new Set<ChildProcess>();
const killAll = () => running.forEach((child) => child.kill('SIGKILL'));
afterAll(killAll);
process.once('exit', killAll);

/** A port nobody listens on now, from the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The built server (`npm run build`): the bundle the station ships and `npm start` runs. */
export const BUILT_MAIN = path.join(serverDir, 'dist/main.js');

/**
 * The server process with `env` over this one's, nothing waited for (output piped): from its
 * sources through tsx, or `built` from the bundle in dist/.
 */
export function spawnServer(env: Record<string, string>, built = false): ChildProcess {
  const args = built ? [BUILT_MAIN] : ['--conditions=source', '--import', 'tsx', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

/** How `child` ends, or ended: an exit already past fires no 'exit' event again. */
export function exited(child: ChildProcess): Promise<ProcessEnd> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * Starts a server on `db` and answers once /healthz does. `port` is for a restart on the same
 * address (a fresh one otherwise); `env` goes over the defaults (no web build, no demo library,
 * warnings only).
 */
export async function startServer(options: {
  db: TestDatabase;
  port?: number;
  env?: Record<string, string>;
  name?: string;
  timeoutMs?: number;
  /** The bundle in dist/ rather than the sources. */
  built?: boolean;
}): Promise<ServerProcess> {
  const { db, env = {}, name = 'server', timeoutMs = 20_000, built = false } = options;
  const port = options.port ?? (await freePort());
  const child = spawnServer(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: db.dataDir,
      DATABASE_URL: db.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(db.dataDir, 'no-web'),
      DEMO_LIBRARY: '0',
      SIGNUP_PER_HOUR: '1000000',
      ...env,
    },
    built,
  );
  let log = '';
  const keep = (d: Buffer) => (log = (log + d.toString()).slice(-LOG_CHARS));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  // A server that fails later, after its start, still says why in the runner's output.
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) process.stderr.write(`${name} exited with ${code}:\n${log}\n`);
  });
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${log}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { name, port, child, log: () => log };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer within ${timeoutMs / 1000} s:\n${log}`);
}

/** kill -9, as a crash or the OOM killer would: no shutdown code runs. Answers how it ended. */
export function killServer(server: ServerProcess): Promise<ProcessEnd> {
  const end = exited(server.child);
  server.child.kill('SIGKILL');
  return end;
}

/**
 * SIGTERM, then SIGKILL if it has not gone within `graceMs`; answers how it ended, so a test
 * can expect a clean exit ({ code: 0, signal: null }) without hanging on one that never comes.
 */
export async function stopServer(server: ServerProcess, graceMs = 8000): Promise<ProcessEnd> {
  const { child } = server;
  const end = exited(child);
  child.kill('SIGTERM'); // a no-op on one already gone
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  const result = await end;
  clearTimeout(timer);
  return result;
}
