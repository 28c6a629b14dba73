import fs from 'node:fs';
import path from 'node:path';
import { runProcess } from '../../src/media/run-process.js';

async function ffmpegRun(ffmpeg: string, args: string[]): Promise<void> {
  const result = await runProcess(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  if (result.code !== 0) throw new Error(`ffmpeg ${args.join(' ')}: ${result.stderr}`);
}

/**
 * A short tone with a cover picture embedded by ffmpeg: a solid `color` image of `size`
 * (`600x600`), as JPEG in an MP3 (ID3v2.3 APIC) or as PNG in a FLAC (PICTURE block).
 */
export async function makeToneWithArt(
  ffmpeg: string,
  file: string,
  options: {
    color: string;
    size: string;
    freq?: number;
    seconds?: number;
    volume?: number;
    tags?: Record<string, string>;
  },
): Promise<string> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const flac = file.endsWith('.flac');
  const { freq = 440, seconds = 2, volume = 0.5, tags = {} } = options;
  await ffmpegRun(ffmpeg, [
    ...['-f', 'lavfi', '-i', `sine=frequency=${freq}:sample_rate=44100:duration=${seconds}`],
    ...['-f', 'lavfi', '-i', `color=c=${options.color}:s=${options.size}:d=0.1`],
    ...['-map', '0', '-map', '1', '-frames:v', '1', '-af', `volume=${volume}`],
    ...['-c:v', flac ? 'png' : 'mjpeg', '-disposition:v', 'attached_pic'],
    ...(flac ? [] : ['-id3v2_version', '3']),
    ...Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]),
    file,
  ]);
  return file;
}

/** The first picture ffmpeg finds in a file, as the bytes that were embedded. */
export async function extractPicture(ffmpeg: string, file: string, out: string): Promise<Buffer> {
  await ffmpegRun(ffmpeg, ['-i', file, '-map', '0:v:0', '-c', 'copy', '-f', 'image2', out]);
  return fs.readFileSync(out);
}

/** An ID3v2.3 frame: id, big-endian size, no flags. */
function id3Frame(id: string, body: Buffer): Buffer {
  const header = Buffer.alloc(10);
  header.write(id, 0, 'latin1');
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

/**
 * An MP3 whose ID3v2.3 tag carries a title and, as its front cover, exactly `picture` (any
 * bytes, such as a broken JPEG): the tag is written by hand in front of a tag-less tone.
 */
export async function makeToneWithPicture(
  ffmpeg: string,
  file: string,
  options: { title: string; picture: Buffer; mime?: string; freq?: number },
): Promise<string> {
  const bare = `${file}.bare.mp3`;
  await ffmpegRun(ffmpeg, [
    ...['-f', 'lavfi', '-i', `sine=frequency=${options.freq ?? 440}:duration=2`],
    ...['-id3v2_version', '0', '-write_id3v1', '0', bare],
  ]);
  const title = id3Frame('TIT2', Buffer.concat([Buffer.from([0]), Buffer.from(options.title)]));
  const apic = id3Frame(
    'APIC',
    Buffer.concat([
      Buffer.from([0]),
      Buffer.from(`${options.mime ?? 'image/jpeg'}\0`, 'latin1'),
      Buffer.from([3, 0]), // front cover, empty description
      options.picture,
    ]),
  );
  const frames = Buffer.concat([title, apic]);
  const size = frames.length;
  const header = Buffer.from([
    ...Buffer.from('ID3', 'latin1'),
    3,
    0,
    0,
    (size >> 21) & 0x7f,
    (size >> 14) & 0x7f,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  fs.writeFileSync(file, Buffer.concat([header, frames, fs.readFileSync(bare)]));
  fs.rmSync(bare);
  return file;
}
