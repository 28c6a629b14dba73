/**
 * CPU time of whole process trees, read from /proc, for comparing one setup's every process
 * with another's. A process's own time is utime + stime; when a child exits and is waited
 * for, its time (and its own children's) moves into the parent's cutime + cstime. So a tree's
 * time at any moment is, for its root, utime + stime + cutime + cstime plus the same for every
 * live child, recursively; the difference between two readings is exact even for children
 * that start or end in between (a track's decoder, say).
 */
import fs from 'node:fs';
import { commandName, descendants } from './processes.js';

/** USER_HZ: the unit of the times in /proc/<pid>/stat (100 on every Linux architecture). */
const TICKS_PER_S = 100;

interface StatTimes {
  /** utime + stime, seconds. */
  own: number;
  /** cutime + cstime: children that ended and were waited for, seconds. */
  reaped: number;
}

function statTimes(pid: number): StatTimes | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14-17 of stat; f[0] is field 3 (state).
    const [ut, st, cut, cst] = [f[11], f[12], f[13], f[14]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    return { own: (ut + st) / TICKS_PER_S, reaped: (cut + cst) / TICKS_PER_S };
  } catch {
    return null; // gone meanwhile
  }
}

function cmdline(pid: number): string {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'latin1').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

/**
 * Names a process for the printed breakdown; `root` is the tree's first process, `reaped` asks
 * for the part that the process's ended children count in.
 */
export type PartOf = (info: {
  name: string;
  cmdline: string;
  root: boolean;
  reaped: boolean;
}) => string;

/** The default breakdown: by command name. */
export const byCommand: PartOf = ({ name, reaped }) => (reaped ? `${name}'s ended children` : name);

export interface TreeSample {
  at: number;
  /** CPU seconds of every process in the trees, and of those that ended, since they started. */
  total: number;
  /** The same, split by part. */
  parts: Map<string, number>;
}

/** One reading of the trees under `roots` (each root and all its descendants). */
export function sampleTrees(roots: number[], partOf: PartOf = byCommand): TreeSample {
  const parts = new Map<string, number>();
  const add = (part: string, s: number) => parts.set(part, (parts.get(part) ?? 0) + s);
  let total = 0;
  for (const root of roots) {
    for (const pid of [root, ...descendants(root)]) {
      const t = statTimes(pid);
      if (!t) continue;
      const info = { name: commandName(pid), cmdline: cmdline(pid), root: pid === root };
      add(partOf({ ...info, reaped: false }), t.own);
      if (t.reaped > 0) add(partOf({ ...info, reaped: true }), t.reaped);
      total += t.own + t.reaped;
    }
  }
  return { at: performance.now(), total, parts };
}

/** CPU between two readings as % of one core, in total and by part. */
export function treePercent(
  a: TreeSample,
  b: TreeSample,
): { total: number; parts: Map<string, number> } {
  const s = (b.at - a.at) / 1000;
  const parts = new Map<string, number>();
  for (const [part, v] of b.parts) parts.set(part, ((v - (a.parts.get(part) ?? 0)) / s) * 100);
  for (const [part, v] of a.parts) if (!b.parts.has(part)) parts.set(part, (-v / s) * 100);
  return { total: ((b.total - a.total) / s) * 100, parts };
}

/**
 * Memory of every process in the trees under `roots`, in MiB, by part, from
 * /proc/<pid>/smaps_rollup: PSS (each shared page divided among the processes sharing it, so
 * that ffmpeg's libraries, mapped by every ffmpeg, are not counted once per process), or RSS.
 */
export function treeMemory(
  roots: number[],
  partOf: PartOf = byCommand,
  field: 'Pss' | 'Rss' = 'Pss',
): Map<string, number> {
  const parts = new Map<string, number>();
  const pattern = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm');
  for (const root of roots) {
    for (const pid of [root, ...descendants(root)]) {
      let kib = 0;
      try {
        kib = Number(pattern.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      } catch {
        continue;
      }
      const info = { name: commandName(pid), cmdline: cmdline(pid), root: pid === root };
      const part = partOf({ ...info, reaped: false });
      parts.set(part, (parts.get(part) ?? 0) + kib / 1024);
    }
  }
  return parts;
}
