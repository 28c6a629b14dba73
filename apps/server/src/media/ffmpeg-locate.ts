import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface FfmpegTools {
  ffmpeg: string;
  ffprobe: string;
  /** As `ffmpeg -version` gives it (`5.1.8-0+deb12u1`, `7.1`, `N-118315-g…`). */
  version: string;
  /** Whether it decodes tracker modules (built with libopenmpt). */
  modules: boolean;
  source: 'FFMPEG_PATH' | 'PATH';
}

/** Queuecast cannot run without ffmpeg: the message says what to do. */
export class FfmpegMissingError extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'FfmpegMissingError' });
  }
}

const INSTALL_HINT =
  'Queuecast needs ffmpeg and ffprobe to decode, measure and stream audio. Install them ' +
  '(Debian/Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg) or set FFMPEG_PATH ' +
  '(and FFPROBE_PATH when ffprobe is not beside it).';

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

function executable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function sibling(ffmpeg: string, name: string): string | null {
  const candidate = path.join(path.dirname(ffmpeg), name);
  return executable(candidate) ? candidate : null;
}

/** Asked once per program and process: every app a test file builds shares the answer. */
const known = new Map<string, { version: string; modules: boolean }>();

function describe(ffmpeg: string): { version: string; modules: boolean } {
  let found = known.get(ffmpeg);
  if (!found) {
    const run = (args: string[]) =>
      execFileSync(ffmpeg, ['-hide_banner', ...args], {
        encoding: 'utf8',
        timeout: 10_000,
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    let versionLine: string;
    let demuxers: string;
    try {
      versionLine = run(['-version']).split('\n')[0] ?? '';
      demuxers = run(['-demuxers']);
    } catch (err) {
      throw new FfmpegMissingError(
        `${ffmpeg} does not run as ffmpeg (${err instanceof Error ? err.message : String(err)}). ${INSTALL_HINT}`,
      );
    }
    found = {
      version: /^ffmpeg version (\S+)/.exec(versionLine)?.[1] ?? 'unknown',
      modules: /^\s*D\S*\s+libopenmpt\s/m.test(demuxers),
    };
    known.set(ffmpeg, found);
  }
  return found;
}

/**
 * FFMPEG_PATH, else the ffmpeg on the PATH; ffprobe from FFPROBE_PATH, else beside ffmpeg,
 * else on the PATH. There is no bundled copy: a station decodes files that strangers upload,
 * and only a maintained ffmpeg (the system's, kept up to date by its package manager) is fit for
 * that. Throws FfmpegMissingError, saying what to install, when either is missing.
 */
export function locateFfmpeg(
  configured: string | undefined,
  configuredProbe?: string,
): FfmpegTools {
  let ffmpeg: string | null;
  if (configured) {
    if (!executable(configured)) {
      throw new FfmpegMissingError(`FFMPEG_PATH: no program at ${configured}. ${INSTALL_HINT}`);
    }
    ffmpeg = configured;
  } else {
    ffmpeg = onPath('ffmpeg');
    if (!ffmpeg) throw new FfmpegMissingError(`ffmpeg is not on the PATH. ${INSTALL_HINT}`);
  }
  let ffprobe: string | null;
  if (configuredProbe) {
    if (!executable(configuredProbe)) {
      throw new FfmpegMissingError(
        `FFPROBE_PATH: no program at ${configuredProbe}. ${INSTALL_HINT}`,
      );
    }
    ffprobe = configuredProbe;
  } else {
    ffprobe = sibling(ffmpeg, 'ffprobe') ?? onPath('ffprobe');
    if (!ffprobe) throw new FfmpegMissingError(`ffprobe was not found. ${INSTALL_HINT}`);
  }
  return { ffmpeg, ffprobe, ...describe(ffmpeg), source: configured ? 'FFMPEG_PATH' : 'PATH' };
}
