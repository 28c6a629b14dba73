import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FfmpegMissingError, locateFfmpeg } from './ffmpeg-locate.js';

const savedPath = process.env.PATH;
afterEach(() => {
  process.env.PATH = savedPath;
});

describe('locateFfmpeg', () => {
  it("finds the system's ffmpeg and ffprobe, with the version and whether it plays modules", () => {
    const tools = locateFfmpeg(undefined);
    expect(tools.source).toBe('PATH');
    expect(path.basename(tools.ffmpeg)).toBe('ffmpeg');
    expect(path.basename(tools.ffprobe)).toBe('ffprobe');
    expect(tools.version).toMatch(/^\S+$/);
    expect(tools.version).not.toBe('unknown');
    expect(typeof tools.modules).toBe('boolean');
    expect(locateFfmpeg(tools.ffmpeg).source).toBe('FFMPEG_PATH');
  });

  it('stops with what to install when there is none: no bundled copy stands in', () => {
    process.env.PATH = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-no-ffmpeg-'));
    expect(() => locateFfmpeg(undefined)).toThrow(FfmpegMissingError);
    expect(() => locateFfmpeg(undefined)).toThrow(
      /ffmpeg is not on the PATH.*apt-get install ffmpeg/,
    );
    expect(() => locateFfmpeg('/nowhere/ffmpeg')).toThrow(/FFMPEG_PATH: no program at \/nowhere/);
  });

  it('refuses a program that is not ffmpeg', () => {
    expect(() => locateFfmpeg('/bin/false', '/bin/false')).toThrow(/does not run as ffmpeg/);
  });
});
