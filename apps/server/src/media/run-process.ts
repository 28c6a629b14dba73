import { spawn } from 'node:child_process';
import os from 'node:os';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ProcessResult {
  code: number | null;
  /** The signal that ended the program, if one did. */
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
  /** The program ran out of the CPU seconds it was given (and was stopped for it). */
  cpuExhausted: boolean;
}

export interface ProcessOptions {
  input?: Buffer | AsyncIterable<Buffer>;
  /** Wall-clock time after which the program is killed. */
  timeoutMs?: number;
  /**
   * CPU seconds the program may use; past them the kernel stops it (RLIMIT_CPU, set by the
   * shell that starts it). Wall-clock time cannot bound work on a busy machine; CPU time can.
   */
  cpuSeconds?: number;
  /**
   * Scheduling niceness (0-19): background work such as analysing uploads runs after the
   * playout, which keeps the default priority.
   */
  niceness?: number;
}

/**
 * Runs a program to completion, feeding `input` to its stdin when given: a buffer, or chunks
 * made as the program reads them (one chunk in memory at a time).
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const { cpuSeconds } = options;
    const child =
      cpuSeconds === undefined
        ? spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] })
        : // `$0` is the limit and `$@` the command: the shell sets the limit and becomes it.
          spawn(
            '/bin/sh',
            ['-c', 'ulimit -t "$0" && exec "$@"', String(Math.ceil(cpuSeconds)), command, ...args],
            { stdio: ['pipe', 'pipe', 'pipe'] },
          );
    if (options.niceness && child.pid !== undefined) {
      try {
        os.setPriority(child.pid, options.niceness);
      } catch {
        // It ended already, or the system refuses: it runs at the normal priority.
      }
    }
    const out: Buffer[] = [];
    let stderr = '';
    let timedOut = false;
    const timer = options.timeoutMs
      ? setTimeout(() => {
          timedOut = true;
          child.kill('SIGKILL');
        }, options.timeoutMs)
      : undefined;
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      // Keep the tail: ffmpeg's summaries come last.
      stderr = (stderr + d.toString('utf8')).slice(-64 * 1024);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      // With the soft and the hard limit equal, the kernel kills the program at the limit.
      const cpuExhausted =
        cpuSeconds !== undefined && (signal === 'SIGXCPU' || (signal === 'SIGKILL' && !timedOut));
      resolve({ code, signal, stdout: Buffer.concat(out), stderr, cpuExhausted });
    });
    child.stdin.on('error', () => undefined);
    const { input } = options;
    if (input === undefined || Buffer.isBuffer(input)) child.stdin.end(input);
    // A program that exits early ends the feeding; its exit code tells the caller.
    else pipeline(Readable.from(input), child.stdin).catch(() => undefined);
  });
}
