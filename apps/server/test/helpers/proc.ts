import fs from 'node:fs';

export interface ChildProcess {
  pid: number;
  /** The executable's name as the kernel keeps it (`node`, `ffmpeg`). */
  comm: string;
  /** Its command line, argument by argument. */
  args: string[];
}

/**
 * The processes whose parent is `parent`, read from /proc. A process's name may hold spaces and
 * parentheses, so its stat line is read from the last `)` on.
 */
export function childProcesses(parent: number): ChildProcess[] {
  const found: ChildProcess[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const end = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(end + 2).split(' ')[1]);
      if (ppid !== parent) continue;
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (args.at(-1) === '') args.pop();
      found.push({ pid: Number(entry), comm: stat.slice(stat.indexOf('(') + 1, end), args });
    } catch {
      // it exited meanwhile
    }
  }
  return found;
}
