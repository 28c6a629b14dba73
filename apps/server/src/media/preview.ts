import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { storedDemuxer } from './audio-extension.js';
import { safeInput } from './probe.js';
import { runProcess } from './run-process.js';

/** Seconds of audio in a preview clip. */
export const PREVIEW_SECONDS = 30;
const FADE_SECONDS = 1;

export interface PreviewSource {
  songId: number;
  /** Absolute path of the song's audio file. */
  file: string;
  /** Content hash of that file: a new file gets a new clip. */
  hash: string;
  /** The song's length in seconds. */
  length: number;
  /** Loudness gain in dB, so a preview is as loud as the station. */
  gainDb: number;
}

/**
 * 30-second MP3 clips from the middle of songs, cut once with ffmpeg and kept under
 * DATA_DIR/previews. Concurrent asks for one clip share one cut.
 */
export class PreviewCache {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(
    private readonly ffmpeg: string,
    private readonly dir: string,
  ) {}

  /** The clip's path, cutting it first when it is not cached yet. */
  clip(source: PreviewSource): Promise<string> {
    const target = path.join(this.dir, `${source.songId}-${source.hash.slice(0, 16)}.mp3`);
    if (fs.existsSync(target)) return Promise.resolve(target);
    let pending = this.inFlight.get(target);
    if (!pending) {
      pending = this.cut(source, target).finally(() => this.inFlight.delete(target));
      this.inFlight.set(target, pending);
    }
    return pending;
  }

  private async cut(source: PreviewSource, target: string): Promise<string> {
    await fs.promises.mkdir(this.dir, { recursive: true });
    const length = Math.min(PREVIEW_SECONDS, Math.max(1, source.length));
    const start = Math.max(0, source.length / 2 - length / 2);
    const fade = Math.min(FADE_SECONDS, length / 4);
    const demuxer = storedDemuxer(source.file);
    if (!demuxer) throw new Error(`not a stored audio file: ${source.file}`);
    const temp = `${target}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    const result = await runProcess(
      this.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
        ...['-ss', start.toFixed(3), '-t', length.toFixed(3)],
        ...safeInput(demuxer, source.file),
        '-vn',
        '-af',
        [
          `volume=${source.gainDb.toFixed(2)}dB`,
          `afade=t=in:d=${fade}`,
          `afade=t=out:st=${(length - fade).toFixed(3)}:d=${fade}`,
        ].join(','),
        ...['-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', temp],
      ],
      { timeoutMs: 60_000, cpuSeconds: 30, niceness: 10 },
    );
    if (result.code !== 0) {
      await fs.promises.rm(temp, { force: true });
      throw new Error(`could not cut a preview: ${result.stderr.trim().slice(-300)}`);
    }
    await fs.promises.rename(temp, target);
    return target;
  }
}
