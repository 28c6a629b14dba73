import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

/**
 * The backup folder's content-addressed objects: every file a backup holds is kept once, under
 * `objects/<first two hex digits>/<sha256>`, however many backups list it. An object is written
 * beside its final name and renamed once its bytes are on disk and their hash is checked, so a
 * name always means the complete bytes; a write cut short leaves only a `.tmp-<pid>-…` file,
 * which the next backup removes.
 */
export class ObjectStore {
  readonly root: string;

  constructor(backupDir: string) {
    this.root = path.join(backupDir, 'objects');
  }

  pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256);
  }

  has(sha256: string): boolean {
    return fs.existsSync(this.pathOf(sha256));
  }

  /**
   * Keeps `source` (a file) and answers its hash and size, and whether its bytes were new to
   * the store. `known` is the hash a previous backup found for the same unchanged file: then
   * the file is not read at all when the store holds it.
   */
  async put(
    source: string,
    known?: string,
  ): Promise<{ sha256: string; size: number; added: boolean }> {
    const size = (await fs.promises.stat(source)).size;
    if (known && this.has(known)) return { sha256: known, size, added: false };
    const sha256 = await hashFile(source);
    if (this.has(sha256)) return { sha256, size, added: false };
    await fs.promises.mkdir(path.dirname(this.pathOf(sha256)), { recursive: true });
    const tmp = path.join(
      this.root,
      `.tmp-${process.pid}-${crypto.randomBytes(6).toString('hex')}`,
    );
    try {
      const hash = crypto.createHash('sha256');
      await pipeline(
        fs.createReadStream(source),
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            hash.update(chunk);
            yield chunk;
          }
        },
        fs.createWriteStream(tmp),
      );
      // The file changed while it was read: what was copied is not what was hashed.
      if (hash.digest('hex') !== sha256) throw new Error(`${source} changed while it was copied`);
      await fsync(tmp);
      await fs.promises.rename(tmp, this.pathOf(sha256));
      return { sha256, size, added: true };
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Whether the object is there with the bytes its name says: read and hashed in full. */
  async verify(sha256: string, size: number): Promise<'ok' | 'missing' | 'damaged'> {
    const file = this.pathOf(sha256);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat) return 'missing';
    if (stat.size !== size) return 'damaged';
    return (await hashFile(file)) === sha256 ? 'ok' : 'damaged';
  }

  /** Removes what cut-short writes of processes no longer running left behind. */
  async removeLeftovers(): Promise<void> {
    const names = await fs.promises.readdir(this.root).catch(() => [] as string[]);
    for (const name of names) {
      const pid = /^\.tmp-(\d+)-/.exec(name)?.[1];
      if (pid && !processAlive(Number(pid))) {
        await fs.promises.rm(path.join(this.root, name), { force: true });
      }
    }
  }

  /** Removes every object not in `keep`; answers how many bytes that freed. */
  async removeAllBut(keep: Set<string>): Promise<number> {
    let freed = 0;
    const prefixes = await fs.promises.readdir(this.root).catch(() => [] as string[]);
    for (const prefix of prefixes.filter((p) => /^[0-9a-f]{2}$/.test(p))) {
      const dir = path.join(this.root, prefix);
      for (const name of await fs.promises.readdir(dir)) {
        if (keep.has(name)) continue;
        const file = path.join(dir, name);
        freed += (await fs.promises.stat(file)).size;
        await fs.promises.rm(file, { force: true });
      }
    }
    return freed;
  }
}

export async function hashFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Flushes a file's bytes to the disk, so that a rename after it never names a hole. */
export async function fsync(file: string): Promise<void> {
  const handle = await fs.promises.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
