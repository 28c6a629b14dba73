import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export interface FfmpegTools {
  ffmpeg: string;
  /** Only the system install ships ffprobe; probing falls back to ffmpeg itself. */
  ffprobe: string | null;
  source: 'FFMPEG_PATH' | 'system' | 'bundled';
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function sibling(ffmpeg: string, name: string): string | null {
  const candidate = path.join(path.dirname(ffmpeg), name);
  return fs.existsSync(candidate) ? candidate : null;
}

/** FFMPEG_PATH, else the system ffmpeg, else the copy bundled with @ffmpeg-installer. */
export function locateFfmpeg(configured: string | undefined): FfmpegTools {
  if (configured) {
    if (!fs.existsSync(configured)) throw new Error(`FFMPEG_PATH: no file at ${configured}`);
    return { ffmpeg: configured, ffprobe: sibling(configured, 'ffprobe'), source: 'FFMPEG_PATH' };
  }
  const system = onPath('ffmpeg');
  if (system) return { ffmpeg: system, ffprobe: onPath('ffprobe'), source: 'system' };
  const require = createRequire(import.meta.url);
  const bundled = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  return { ffmpeg: bundled, ffprobe: null, source: 'bundled' };
}
