import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runProcess } from '../../src/media/run-process.js';

/** Generates a short real audio file with ffmpeg (a tone), with the given tags. */
export async function makeTone(
  ffmpeg: string,
  file: string,
  options: { seconds?: number; freq?: number; volume?: number; tags?: Record<string, string> } = {},
): Promise<string> {
  const { seconds = 3, freq = 440, volume = 0.5, tags = {} } = options;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const meta = Object.entries(tags).flatMap(([k, v]) => ['-metadata', `${k}=${v}`]);
  const result = await runProcess(ffmpeg, [
    '-hide_banner',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${freq}:sample_rate=44100:duration=${seconds}`,
    '-af',
    `volume=${volume}`,
    ...meta,
    file,
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg could not write ${file}: ${result.stderr}`);
  return file;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
