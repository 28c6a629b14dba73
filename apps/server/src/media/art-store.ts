import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { EmbeddedPicture } from './cover-art.js';
import { imageSize } from './image-size.js';
import { runProcess } from './run-process.js';

/** The square sizes made once at ingest; the contract's `ART_SIZES`. */
export const ART_STORE_SIZES = [96, 512] as const;
/**
 * Pictures of more pixels than this (4096 × 4096) are never decoded: their header says so first.
 * A cover is shown at 512 pixels at most; decoding 64 megapixels took about 100 MiB.
 */
export const MAX_ART_PIXELS = 4096 * 4096;
/** A picture that takes longer than this to scale is given up on. */
const SCALE_TIMEOUT_MS = 30_000;
const SCALE_CPU_SECONDS = 10;

export const ART_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
} as const;
export type ArtExtension = keyof typeof ART_TYPES;

/** ffmpeg's demuxer per picture type, forced so that nothing else is read as a picture. */
const ART_DEMUXERS: Record<ArtExtension, string> = {
  jpg: 'jpeg_pipe',
  png: 'png_pipe',
  gif: 'gif',
  webp: 'webp_pipe',
};

/** The image type from the bytes themselves, whatever the tag claimed; null for anything else. */
export function sniffImage(data: Buffer): ArtExtension | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  const head = data.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

/** `<hash>.<ext>` as the store names an original. */
const ART_NAME = /^([0-9a-f]{64})\.(jpg|png|gif|webp)$/;

/**
 * Cover art under DATA_DIR/art/<first two hex>/: the embedded picture as it was
 * (`<hash>.<ext>`, named by the SHA-256 of its bytes) and square JPEGs made from it once, at
 * ingest (`<hash>-96.jpg`, `<hash>-512.jpg`: scaled to cover the square, centred). Every file
 * is written under a temporary name and renamed, so the store never holds half an image.
 */
export class ArtStore {
  readonly root: string;

  constructor(
    dataDir: string,
    private readonly ffmpeg: string,
  ) {
    this.root = path.join(dataDir, 'art');
  }

  private pathOf(hash: string, suffix: string): string {
    return path.join(this.root, hash.slice(0, 2), `${hash}${suffix}`);
  }

  /**
   * Stores a picture and its sizes; answers its name (`<hash>.<ext>`), or null when it is no
   * image ffmpeg can read (unknown type, a header that does not give its size, too many pixels,
   * corrupt, too slow). Never throws: a bad picture leaves the song without art and nothing in
   * the store.
   */
  async ingest(picture: EmbeddedPicture | null): Promise<string | null> {
    if (!picture) return null;
    const ext = sniffImage(picture.data);
    if (!ext) return null;
    const size = imageSize(picture.data, ext);
    if (!size || size.width < 1 || size.height < 1) return null;
    if (size.width * size.height > MAX_ART_PIXELS) return null;
    const hash = crypto.createHash('sha256').update(picture.data).digest('hex');
    const original = this.pathOf(hash, `.${ext}`);
    const sized = ART_STORE_SIZES.map((size) => this.pathOf(hash, `-${size}.jpg`));
    if ([original, ...sized].every((file) => fs.existsSync(file))) return `${hash}.${ext}`;
    const temps: string[] = [];
    const temp = (file: string) => {
      const name = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      temps.push(name);
      return name;
    };
    try {
      await fs.promises.mkdir(path.dirname(original), { recursive: true });
      const source = temp(original);
      await fs.promises.writeFile(source, picture.data);
      const targets = sized.map(temp);
      if (!(await this.scale(source, ART_DEMUXERS[ext], targets))) return null;
      for (const [i, file] of sized.entries()) await fs.promises.rename(targets[i]!, file);
      await fs.promises.rename(source, original);
      return `${hash}.${ext}`;
    } catch {
      return null;
    } finally {
      await Promise.all(temps.map((t) => fs.promises.rm(t, { force: true })));
    }
  }

  /** One ffmpeg run writes every size; false when the picture does not decode. */
  private async scale(source: string, demuxer: string, targets: string[]): Promise<boolean> {
    const labels = ART_STORE_SIZES.map((_, i) => `s${i}`);
    const chains = ART_STORE_SIZES.map(
      (size, i) =>
        `[in${i}]scale=${size}:${size}:force_original_aspect_ratio=increase,` +
        `crop=${size}:${size},setsar=1,format=yuvj420p[${labels[i]}]`,
    );
    const split = `[0:v]split=${ART_STORE_SIZES.length}${labels.map((_, i) => `[in${i}]`).join('')}`;
    const outputs = targets.flatMap((target, i) => [
      ...['-map', `[${labels[i]}]`, '-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3'],
      ...['-f', 'image2', '-update', '1', target],
    ]);
    const result = await runProcess(
      this.ffmpeg,
      [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-threads', '1'],
        ...['-max_pixels', String(MAX_ART_PIXELS)],
        ...['-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${source}`],
        ...['-filter_complex', [split, ...chains].join(';')],
        ...outputs,
      ],
      { timeoutMs: SCALE_TIMEOUT_MS, cpuSeconds: SCALE_CPU_SECONDS, niceness: 10 },
    ).catch(() => null);
    if (result?.code !== 0) return false;
    const written = await Promise.all(
      targets.map((t) =>
        fs.promises.stat(t).then(
          (s) => s.size > 0,
          () => false,
        ),
      ),
    );
    return written.every(Boolean);
  }

  /**
   * The file to send for a stored picture's name and size (null: the original), with its
   * type; null when the store has no such picture.
   */
  async file(
    name: string,
    size: number | null,
  ): Promise<{ path: string; type: string; bytes: number } | null> {
    const match = ART_NAME.exec(name);
    if (!match) return null;
    const [, hash, ext] = match as unknown as [string, string, ArtExtension];
    const original = this.pathOf(hash, `.${ext}`);
    // A size is served only under the name of the picture it was made from.
    if (size !== null && !fs.existsSync(original)) return null;
    const file = size === null ? original : this.pathOf(hash, `-${size}.jpg`);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) return null;
    return { path: file, type: size === null ? ART_TYPES[ext] : ART_TYPES.jpg, bytes: stat.size };
  }
}
