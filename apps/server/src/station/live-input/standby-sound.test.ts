import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTone, tempDir } from '../../../test/helpers/audio.js';
import { locateFfmpeg } from '../../media/ffmpeg-locate.js';
import { BYTES_PER_SECOND } from '../playout/pcm.js';
import { StandbySound } from './standby-sound.js';

/*
 * The stand-by sound with the real ffmpeg: an admin's file decoded when a show needs it, the
 * made tone when there is no file or it cannot be played, and nothing held between shows.
 */

const ffmpeg = locateFfmpeg(undefined).ffmpeg;
const dir = tempDir('queuecast-standby-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A log keeping what it was told, as `level message`. */
function logger() {
  const lines: string[] = [];
  const log = {
    lines,
    info: (_: unknown, msg: string) => void lines.push(`info ${msg}`),
    warn: (_: unknown, msg: string) => void lines.push(`warn ${msg}`),
  };
  return log as typeof log & Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** The made tone's length: an 8 s loop. */
const TONE_BYTES = 8 * BYTES_PER_SECOND;

describe('the stand-by sound', () => {
  it("decodes an admin's file when a show asks, the same for the show after, anew once let go", async () => {
    const file = await makeTone(ffmpeg, path.join(dir, 'standby.mp3'), { seconds: 3 });
    const log = logger();
    const sound = new StandbySound(ffmpeg, file, log);
    await sound.check();
    // Nothing is decoded at start: the file is only looked at.
    expect(log.lines).toEqual([]);

    const first = await sound.get();
    expect(first.length / BYTES_PER_SECOND).toBeGreaterThan(2.9);
    expect(first.length / BYTES_PER_SECOND).toBeLessThan(3.2);
    expect(first.length).not.toBe(TONE_BYTES);
    expect(log.lines).toEqual(['info live stand-by sound loaded']);
    // A show following one held on stand-by: the same sound, not decoded again.
    expect(await sound.get()).toBe(first);
    expect(log.lines).toHaveLength(1);

    sound.release();
    const again = await sound.get();
    expect(again).not.toBe(first);
    expect(again.equals(first)).toBe(true);
    expect(log.lines).toHaveLength(2);
  });

  it('plays the made tone without a file, or when the file cannot be played, and says so at start', async () => {
    const none = new StandbySound(ffmpeg, undefined, logger());
    const tone = await none.get();
    expect(tone.length).toBe(TONE_BYTES);
    // Never silent: the chord swells and ebbs at about -30 dBFS.
    let peak = 0;
    for (let i = 0; i < tone.length; i += 2) peak = Math.max(peak, Math.abs(tone.readInt16LE(i)));
    expect(peak).toBeGreaterThan(0.02 * 32767);
    expect(peak).toBeLessThan(0.05 * 32767);

    const text = path.join(dir, 'notes.txt');
    fs.writeFileSync(text, 'not audio at all\n'.repeat(100));
    for (const file of [text, path.join(dir, 'missing.mp3')]) {
      const log = logger();
      const sound = new StandbySound(ffmpeg, file, log);
      await sound.check();
      expect(log.lines).toEqual(['warn live stand-by file unusable; a tone plays']);
      expect((await sound.get()).equals(tone)).toBe(true);
    }
  });
});
