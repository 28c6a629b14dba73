/**
 * A process tree's memory as if it had the machine alone: every page it maps counted once,
 * private pages of each process plus each shared page once however many of its processes map
 * it (read from /proc/<pid>/smaps, a file mapping's shared pages keyed by its file and offset).
 * PSS instead divides a shared page among all the processes on the machine that map it, so a
 * side's PSS falls when another side maps the same libraries; RSS counts a shared page once
 * per process. All three are printed.
 */
import fs from 'node:fs';
import { descendants } from '../support/processes.js';

const HEADER = /^[0-9a-f]+-[0-9a-f]+ \S+ ([0-9a-f]+) (\S+) (\d+)/;

/** MiB of the trees under `roots`, as if alone. */
export function memoryAlone(roots: number[]): number {
  let privateKb = 0;
  const shared = new Map<string, number>();
  for (const root of roots) {
    for (const pid of [root, ...descendants(root)]) {
      let text: string;
      try {
        text = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
      } catch {
        continue;
      }
      let key = '';
      for (const line of text.split('\n')) {
        const header = HEADER.exec(line);
        if (header) {
          const [, offset, dev, inode] = header;
          key = inode === '0' ? `${pid}:${line.slice(0, 30)}` : `${dev}:${inode}:${offset}`;
          continue;
        }
        const field = /^(Private_Clean|Private_Dirty|Shared_Clean|Shared_Dirty):\s+(\d+)/.exec(
          line,
        );
        if (!field) continue;
        const kb = Number(field[2]);
        if (field[1]!.startsWith('Private')) privateKb += kb;
        else shared.set(`${key}:${field[1]}`, Math.max(shared.get(`${key}:${field[1]}`) ?? 0, kb));
      }
    }
  }
  let sharedKb = 0;
  for (const kb of shared.values()) sharedKb += kb;
  return (privateKb + sharedKb) / 1024;
}
