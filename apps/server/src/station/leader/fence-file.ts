import fs from 'node:fs';
import path from 'node:path';

/** The fence's name in the HLS folder (a dot file: no HLS reader asks for it). */
export const PLAYOUT_FENCE_FILE = '.playout-term';

/**
 * The newest leader's lease term, kept in a small file beside the station's outputs (the HLS
 * folder, which every playout candidate shares). A leader that cannot reach the database keeps
 * playing only while no newer term is written here: whoever took the lease meanwhile wrote
 * theirs before going on air.
 */
export class FenceFile {
  constructor(private readonly file: string) {}

  /** The term written here; 0 when none is (or it cannot be read). */
  read(): number {
    try {
      return Number.parseInt(fs.readFileSync(this.file, 'utf8'), 10) || 0;
    } catch {
      return 0;
    }
  }

  /** Writes `term` (in one rename) unless a newer one is already there. */
  async raise(term: number): Promise<void> {
    if (this.read() >= term) return;
    await fs.promises.mkdir(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, `${term}\n`);
    await fs.promises.rename(temp, this.file);
  }
}
