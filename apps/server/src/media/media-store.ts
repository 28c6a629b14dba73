import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

export async function hashFile(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Owner-only, as everything in DATA_DIR (db/private-data.ts). */
const PRIVATE_FILE = 0o600;
const PRIVATE_FOLDER = 0o700;

/** Audio files live under DATA_DIR/media/<first two hex>/<content hash>.<ext>. */
export class MediaStore {
  readonly root: string;

  constructor(dataDir: string) {
    this.root = path.join(dataDir, 'media');
  }

  relativePath(hash: string, ext: string): string {
    return path.join(hash.slice(0, 2), `${hash}${ext.toLowerCase()}`);
  }

  absolute(relative: string): string {
    return path.join(this.root, relative);
  }

  /**
   * Copies a file in under its content hash: written to a temporary name and renamed, so the
   * store never holds a half-copied file. Answers whether this call created it.
   */
  async put(
    source: string,
    hash: string,
    ext: string,
  ): Promise<{ relative: string; created: boolean }> {
    const relative = this.relativePath(hash, ext);
    const target = this.absolute(relative);
    if (fs.existsSync(target)) return { relative, created: false };
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
    const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.promises.copyFile(source, temp);
    // A copy takes the source's mode (set after creation, past the umask): an imported 0644
    // file would stay readable to every local account. The station's files are its own.
    await fs.promises.chmod(temp, PRIVATE_FILE);
    await fs.promises.rename(temp, target);
    return { relative, created: true };
  }

  /**
   * Moves a finished temporary file in under its content hash: a rename, so a large file is
   * not copied again (a copy when the source is on another file system). The source is gone
   * afterwards unless the store already had the file. Answers whether this call created it.
   */
  async moveIn(
    source: string,
    hash: string,
    ext: string,
  ): Promise<{ relative: string; created: boolean }> {
    const relative = this.relativePath(hash, ext);
    const target = this.absolute(relative);
    if (fs.existsSync(target)) return { relative, created: false };
    await fs.promises.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER });
    try {
      await fs.promises.rename(source, target);
      return { relative, created: true };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
      return this.put(source, hash, ext);
    }
  }

  async remove(relative: string): Promise<void> {
    await fs.promises.rm(this.absolute(relative), { force: true });
  }
}
