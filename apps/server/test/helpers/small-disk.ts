import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * A small file system of the test's own (a tmpfs of `mib` MiB) to fill up. Mounting needs
 * root: without it `mounted` is false and the test skips.
 */
export function smallDisk(mib: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-small-disk-'));
  let mounted = false;
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m`, 'tmpfs', dir], { stdio: 'ignore' });
    mounted = true;
  } catch {
    // not root
  }
  const filler = path.join(dir, 'filler.bin');
  return {
    dir,
    mounted,
    /** Fills the file system but for `leave` bytes (an earlier filler's room counts as free). */
    fill(leave: number) {
      const fd = fs.openSync(filler, 'w');
      const { bavail, bsize } = fs.statfsSync(dir);
      const bytes = Math.max(0, bavail * bsize - leave);
      try {
        const chunk = Buffer.alloc(1024 * 1024);
        for (let written = 0; written < bytes; written += chunk.length) {
          try {
            fs.writeSync(fd, chunk, 0, Math.min(chunk.length, bytes - written));
          } catch {
            break; // full
          }
        }
      } finally {
        fs.closeSync(fd);
      }
    },
    /** The room the filler took, given back. */
    empty: () => fs.rmSync(filler, { force: true }),
    remove() {
      if (mounted) execFileSync('umount', [dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
