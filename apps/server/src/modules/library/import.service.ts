import fs from 'node:fs';
import path from 'node:path';
import { isUniqueViolation } from '../../db/dialect.js';
import { diskFull, spaceShort } from '../../lib/disk-space.js';
import { stripHiddenFormatting } from '../../lib/text.js';
import type { MediaIntake } from '../../media/media-intake.js';
import { hashFile, type MediaStore } from '../../media/media-store.js';
import type { LibraryRepo } from './library.repo.js';
import type { LibraryService } from './library.service.js';

/**
 * The names a folder's audio files have: others are skipped without being opened. Whether a
 * file is audio is then judged from its content (tracker modules need an ffmpeg with libopenmpt).
 */
export const AUDIO_EXTENSIONS = new Set([
  '.mp3',
  '.ogg',
  '.oga',
  '.opus',
  '.flac',
  '.wav',
  '.m4a',
  '.aac',
  '.mod',
  '.xm',
  '.s3m',
  '.it',
  '.mptm',
]);

export type ImportOutcome =
  | { file: string; status: 'added'; songId: number }
  | { file: string; status: 'present' }
  | { file: string; status: 'failed'; reason: string };

export interface ImportReport {
  added: number;
  present: number;
  failed: { file: string; reason: string }[];
  outcomes: ImportOutcome[];
}

export interface ImportOptions {
  platform?: string | undefined;
  concurrency?: number;
  onProgress?: (done: number, total: number, outcome: ImportOutcome) => void;
}

export async function listFiles(folder: string): Promise<string[]> {
  const entries = await fs.promises.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.startsWith('.'))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

/**
 * Imports a folder of music: hash (idempotent by content), then the media intake that uploads
 * go through too (only real audio containers, bounded tags, one decoding pass in the analysis
 * queue that proves it plays and measures loudness and duration, its tags, its cover art into the
 * art store), copy into the media store, then one transaction for the song and its file. A file
 * that fails leaves nothing behind and never stops the run.
 */
export class ImportService {
  constructor(
    private readonly intake: MediaIntake,
    private readonly store: MediaStore,
    private readonly library: LibraryRepo,
    private readonly songs: LibraryService,
    /** Where the intake writes a copy of a file without its oversized tags. */
    private readonly workDir: string,
  ) {}

  async importFolder(folder: string, options: ImportOptions = {}): Promise<ImportReport> {
    const stat = await fs.promises.stat(folder).catch(() => null);
    if (!stat?.isDirectory()) throw new Error(`Not a folder: ${folder}`);
    const files = await listFiles(folder);
    const outcomes: ImportOutcome[] = new Array<ImportOutcome>(files.length);
    const seen = new Set<string>();
    let next = 0;
    let done = 0;
    // A disk with no room for another file stops the import (what was added stays) with the
    // same 507 an upload gets.
    const room = async () => {
      fs.mkdirSync(this.store.root, { recursive: true });
      if (await spaceShort(this.store.root)) throw diskFull();
    };
    await room();
    const worker = async () => {
      while (next < files.length) {
        const index = next++;
        await room();
        const outcome = await this.importFile(files[index]!, options.platform, seen);
        outcomes[index] = outcome;
        options.onProgress?.(++done, files.length, outcome);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 2 }, worker));
    return {
      added: outcomes.filter((o) => o.status === 'added').length,
      present: outcomes.filter((o) => o.status === 'present').length,
      failed: outcomes.flatMap((o) =>
        o.status === 'failed' ? [{ file: o.file, reason: o.reason }] : [],
      ),
      outcomes,
    };
  }

  async importFile(
    file: string,
    platform?: string,
    seen = new Set<string>(),
  ): Promise<ImportOutcome> {
    const ext = path.extname(file).toLowerCase();
    if (!AUDIO_EXTENSIONS.has(ext)) {
      return { file, status: 'failed', reason: `not an audio file (${ext || 'no extension'})` };
    }
    let stored: { relative: string; created: boolean } | null = null;
    let copy: string | null = null;
    try {
      const hash = await hashFile(file);
      if (seen.has(hash) || (await this.library.fileByHash(hash)))
        return { file, status: 'present' };
      seen.add(hash);
      // A file's name can carry what a listener cannot type: hidden formatting, controls.
      const fallbackTitle = stripHiddenFormatting(
        // eslint-disable-next-line no-control-regex -- control characters are what is removed
        path.basename(file, path.extname(file)).replace(/[_\u0000-\u001f\u007f]+/g, ' '),
      ).trim();
      const taken = await this.intake.take(file, { fallbackTitle, workDir: this.workDir });
      copy = taken.copy;
      const { tags, analysis, coverArt } = taken;
      const size = (await fs.promises.stat(taken.source)).size;
      stored = await this.store.put(taken.source, hash, taken.ext);
      const platformName = platform ?? tags.platform;
      const songId = await this.songs.addSong({
        title: tags.title,
        artists: tags.artists.map((name) => ({ name, countryCode: tags.artistCountry })),
        platform: platformName ? { name: platformName } : null,
        tags: tags.tags,
        length: analysis.duration,
        loudness: { lufs: analysis.lufs, gain: analysis.gain },
        coverArt,
        file: {
          filename: path.basename(file),
          storedPath: stored.relative,
          size,
          contentHash: hash,
          duration: analysis.duration,
          format: analysis.format,
        },
      });
      return { file, status: 'added', songId };
    } catch (err) {
      if (stored?.created) await this.store.remove(stored.relative);
      if (isUniqueViolation(err)) return { file, status: 'present' };
      return { file, status: 'failed', reason: err instanceof Error ? err.message : String(err) };
    } finally {
      if (copy) await fs.promises.rm(copy, { force: true });
    }
  }
}
