import fs from 'node:fs';
import path from 'node:path';
import { runProcess } from '../../media/run-process.js';
import { MP3_BYTES_PER_SECOND } from './mp3-stream.js';

/** A chapter of a recording: a title from `start` seconds into it. */
export interface Chapter {
  title: string;
  start: number;
}

/** What a finished recording is. */
export interface Recorded {
  file: string;
  seconds: number;
  bytes: number;
}

/** A value in ffmpeg's metadata file: its special characters and line breaks escaped. */
const metaValue = (text: string) => text.replace(/[=;#\\\n]/g, (c) => `\\${c}`);

/**
 * A live show recorded as broadcast: the station's MP3 flushes written as they go out, to a
 * `.part` file beside the recording, then given their chapters (the DJ's titles, as ID3v2
 * CHAP frames, by ffmpeg copying the audio without re-encoding) and named. The stream is
 * constant 128 kb/s, so its length is its size.
 */
export class Mp3Recorder {
  private readonly part: string;
  private readonly out: fs.WriteStream;
  private bytes = 0;
  private failed: Error | null = null;

  constructor(private readonly file: string) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    this.part = `${file}.part`;
    this.out = fs.createWriteStream(this.part, { mode: 0o600 });
    this.out.on('error', (err) => (this.failed = err));
  }

  write(bytes: Buffer): void {
    if (this.failed) return;
    this.out.write(bytes);
    this.bytes += bytes.length;
  }

  /**
   * Closes the recording and gives it its chapters; answers what it is, or null when nothing
   * was recorded. On a failure the partial file is removed and the error thrown.
   */
  async finish(
    ffmpeg: string,
    meta: { title: string; artist: string; chapters: Chapter[] },
  ): Promise<Recorded | null> {
    await new Promise<void>((resolve) => this.out.end(resolve));
    try {
      if (this.failed) throw this.failed;
      if (this.bytes === 0) {
        await fs.promises.rm(this.part, { force: true });
        return null;
      }
      const seconds = this.bytes / MP3_BYTES_PER_SECOND;
      const lines = [';FFMETADATA1', `title=${metaValue(meta.title)}`];
      lines.push(`artist=${metaValue(meta.artist)}`);
      const chapters = meta.chapters.filter((c) => c.start < seconds);
      chapters.forEach((chapter, i) => {
        const end = chapters[i + 1]?.start ?? seconds;
        lines.push('[CHAPTER]', 'TIMEBASE=1/1000');
        lines.push(`START=${Math.max(0, Math.round(chapter.start * 1000))}`);
        lines.push(`END=${Math.round(end * 1000)}`, `title=${metaValue(chapter.title)}`);
      });
      const metaFile = `${this.file}.meta`;
      await fs.promises.writeFile(metaFile, `${lines.join('\n')}\n`, { mode: 0o600 });
      try {
        const result = await runProcess(
          ffmpeg,
          [
            ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
            ...['-protocol_whitelist', 'file', '-f', 'mp3', '-i', this.part],
            ...['-f', 'ffmetadata', '-i', metaFile],
            ...['-map', '0:a', '-map_metadata', '1', '-map_chapters', '1', '-c', 'copy'],
            ...['-id3v2_version', '3', '-write_xing', '0', '-f', 'mp3', this.file],
          ],
          { timeoutMs: 120_000 },
        );
        if (result.code !== 0) throw new Error(result.stderr.trim() || 'ffmpeg failed');
      } finally {
        await fs.promises.rm(metaFile, { force: true });
      }
      await fs.promises.chmod(this.file, 0o600);
      await fs.promises.rm(this.part, { force: true });
      const { size } = await fs.promises.stat(this.file);
      return { file: this.file, seconds, bytes: size };
    } catch (err) {
      await fs.promises.rm(this.part, { force: true });
      await fs.promises.rm(this.file, { force: true });
      throw err;
    }
  }
}
