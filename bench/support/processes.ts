import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Children started by a bench. Each runs in its own process group, so stopping it also stops
 * what it started (the server's ffmpeg, icecast under runuser). Whatever is still running when
 * this process ends, normally, on an error or on Ctrl-C, is killed.
 */
const children = new Set<ChildProcess>();
/** Temporary directories removed when this process ends, however it ends. */
const scratch = new Set<string>();

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is already gone
  }
}

let handlersInstalled = false;
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', () => {
    children.forEach((c) => killGroup(c, 'SIGKILL'));
    scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true }));
  });
  process.on('SIGINT', () => process.exit(130));
  process.on('SIGTERM', () => process.exit(143));
  process.on('SIGHUP', () => process.exit(129));
}

/** A fresh temporary directory, removed by `removeScratch` or when this process ends. */
export function scratchDir(prefix: string): string {
  installHandlers();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.add(dir);
  return dir;
}

export function removeScratch(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
  scratch.delete(dir);
}

/**
 * A shell line that raises this process's open-file limit as far as allowed: 65536, else the
 * hard limit (raising the hard limit itself needs CAP_SYS_RESOURCE).
 */
export const RAISE_FD_LIMIT = 'ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"';

/** Runs `command args` under bash after RAISE_FD_LIMIT, in its own process group. */
export function spawnManaged(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, 'detached'> = {},
): ChildProcess {
  installHandlers();
  const child = spawn('bash', ['-c', `${RAISE_FD_LIMIT}; exec "$@"`, 'bash', command, ...args], {
    ...options,
    detached: true,
  });
  children.add(child);
  return child;
}

/** SIGTERM to the child's group, SIGKILL after `graceMs` if the child has not exited. */
export async function stopManaged(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child, 'SIGTERM');
    await Promise.race([exited, sleep(graceMs)]);
  }
  killGroup(child, 'SIGKILL');
  children.delete(child);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resolves once something accepts TCP connections on the port. */
export async function waitForPort(port: number, timeoutMs: number, child?: ChildProcess) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`process exited (${child.exitCode ?? child.signalCode}) before listening`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(200);
  }
  throw new Error(`nothing listening on port ${port} after ${timeoutMs} ms`);
}

/** USER_HZ: the unit of utime/stime in /proc/<pid>/stat (100 on every Linux architecture). */
const CLOCK_TICKS_PER_S = 100;

export interface ProcSample {
  at: number;
  /** utime + stime of all the process's threads, in seconds. */
  cpuS: number;
  userS: number;
  sysS: number;
}

export function sampleCpu(pid: number): ProcSample {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const userS = Number(fields[11]) / CLOCK_TICKS_PER_S;
  const sysS = Number(fields[12]) / CLOCK_TICKS_PER_S;
  return { at: performance.now(), cpuS: userS + sysS, userS, sysS };
}

/** CPU used between two samples, as a percentage of one core. */
export function cpuPercent(a: ProcSample, b: ProcSample): number {
  return ((b.cpuS - a.cpuS) / ((b.at - a.at) / 1000)) * 100;
}

/** Resident set size in MiB (VmRSS). */
export function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kib / 1024;
}

export function openFiles(pid: number): number {
  return fs.readdirSync(`/proc/${pid}/fd`).length;
}

export function openFileLimit(pid: number): number {
  const limits = fs.readFileSync(`/proc/${pid}/limits`, 'utf8');
  const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
  return soft === undefined || soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

/** The pids started under `pid`, depth first. */
export function descendants(pid: number): number[] {
  let direct: number[] = [];
  try {
    direct = fs
      .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
  return direct.flatMap((p) => [p, ...descendants(p)]);
}

export function commandName(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The machine, for the printed conditions. */
export function machine(): string {
  const cpus = os.cpus();
  return (
    `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown cpu'}), ` +
    `${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, linux ${os.release()}`
  );
}

export function parseArgs(): Map<string, string> {
  return new Map(
    process.argv
      .slice(2)
      .flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1] ?? '']] : [])),
  );
}

export function numberList(value: string | undefined, fallback: number[]): number[] {
  if (value === undefined || value === '') return fallback;
  const list = value.split(',').map((s) => Number(s.trim()));
  if (list.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`not a list: ${value}`);
  return list;
}

/** The server process and its live fan-out processes (its node children; ffmpeg is not). */
export const serverPids = (pid: number) => [
  pid,
  ...descendants(pid).filter((child) => commandName(child) === 'node'),
];
export const sum = (pids: number[], f: (pid: number) => number) =>
  pids.reduce((t, p) => t + f(p), 0);
export const serverCpu = (pids: number[]) => {
  const samples = pids.map(sampleCpu);
  return {
    cpuS: samples.reduce((t, x) => t + x.cpuS, 0),
    sysS: samples.reduce((t, x) => t + x.sysS, 0),
  };
};

/** CPU time the whole machine has spent busy (all but idle and iowait), in seconds. */
export function machineBusyS(): number {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
  // user nice system idle iowait irq softirq steal
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const total = ticks.reduce((s, t) => s + t, 0);
  return (total - ticks[3]! - ticks[4]!) / CLOCK_TICKS_PER_S;
}

/** utime + stime (s) of every running process named `name` (its comm), by pid. */
export function cpuOfCommand(name: string): Map<number, number> {
  const found = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (commandName(pid) !== name) continue;
    try {
      found.set(pid, sampleCpu(pid).cpuS);
    } catch {
      // gone since the listing
    }
  }
  return found;
}

/** CPU seconds the processes of a later `cpuOfCommand` used since an earlier one. */
export function cpuSince(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, cpuS] of after) total += cpuS - (before.get(pid) ?? 0);
  return total;
}
