import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export interface ProcessResult {
  code: number | null;
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs a program to completion, feeding `input` to its stdin when given: a buffer, or chunks
 * made as the program reads them (one chunk in memory at a time).
 */
export function runProcess(
  command: string,
  args: readonly string[],
  options: { input?: Buffer | AsyncIterable<Buffer>; timeoutMs?: number } = {},
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    const timer = options.timeoutMs
      ? setTimeout(() => child.kill('SIGKILL'), options.timeoutMs)
      : undefined;
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => {
      // Keep the tail: ffmpeg's summaries come last.
      stderr = (stderr + d.toString('utf8')).slice(-64 * 1024);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout: Buffer.concat(out), stderr });
    });
    child.stdin.on('error', () => undefined);
    const { input } = options;
    if (input === undefined || Buffer.isBuffer(input)) child.stdin.end(input);
    // A program that exits early ends the feeding; its exit code tells the caller.
    else pipeline(Readable.from(input), child.stdin).catch(() => undefined);
  });
}
