import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locateFfmpeg } from '../src/media/ffmpeg-locate.js';
import { Decoder, type DecodeSpec, type TrackAudio } from '../src/station/playout/decoder.js';
import { startDecoder } from '../src/station/playout/playing.js';
import { BYTES_PER_SECOND } from '../src/station/playout/pcm.js';
import { SpooledDecoder } from '../src/station/playout/spooled-decoder.js';
import { makeTone, tempDir } from './helpers/audio.js';
import { childProcesses } from './helpers/proc.js';
import { smallDisk } from './helpers/small-disk.js';
import { sleep, until } from './helpers/until.js';

// A track decoded ahead into the spool plays the same PCM as one decoded as it plays, while its
// ffmpeg lives for a moment instead of the whole track and its file leaves nothing behind.

const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH).ffmpeg;
let dir: string;
let spool: string;
let song: string;

const spec = (over: Partial<DecodeSpec> = {}): DecodeSpec => ({
  file: song,
  skip: 0.5,
  length: 6,
  fadeOut: 2,
  gainDb: -3,
  ...over,
});

/** Everything `audio` has decoded, taken the way the clock takes it: a tick's worth at a time. */
async function drain(audio: TrackAudio): Promise<Buffer> {
  const parts: Buffer[] = [];
  await until('decoded to the end', () => {
    for (;;) {
      const pcm = audio.read(BYTES_PER_SECOND / 4);
      if (!pcm) break;
      parts.push(pcm);
    }
    return audio.drained;
  });
  return Buffer.concat(parts);
}

/** This process's ffmpeg children decoding `file`. */
const decodersOf = (file: string) =>
  childProcesses(process.pid).filter(({ args }) => args.some((a) => a.endsWith(file)));

/** The spool file's descriptors this process holds (deleted files keep their name with a mark). */
const spoolHandles = () =>
  fs
    .readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return fs.readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return '';
      }
    })
    .filter((target) => target.startsWith(spool));

beforeAll(async () => {
  dir = tempDir('qc-spool-');
  spool = path.join(dir, 'spool');
  song = await makeTone(ffmpeg, path.join(dir, 'song.mp3'), { seconds: 9, freq: 660 });
}, 30_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a spooled decoder', () => {
  it('gives the same PCM as the decoder that runs while the track plays', async () => {
    const live = await drain(new Decoder(ffmpeg, spec()));
    const spooled = new SpooledDecoder(ffmpeg, spec(), spool);
    const pcm = await drain(spooled);
    expect(pcm.length).toBe(Math.round(6 * BYTES_PER_SECOND));
    expect(pcm.equals(live)).toBe(true);
    expect(spooled.failure).toBeNull();
    expect(spooled.produced).toBe(pcm.length);
    expect(spooled.consumed).toBe(pcm.length);
  }, 30_000);

  it('ends its process long before the track has played, and leaves no file', async () => {
    const audio = new SpooledDecoder(ffmpeg, spec({ length: 8.5, skip: 0 }), spool);
    // The name is gone at once: only the open descriptors hold the data.
    expect(fs.readdirSync(spool)).toEqual([]);
    const first = audio.read(BYTES_PER_SECOND / 4);
    await until('decoded whole', () => audio.ended);
    expect(decodersOf(song)).toEqual([]);
    // Whole, and waiting in the file: the clock has taken a quarter of a second at most.
    expect(audio.produced).toBe(Math.round(8.5 * BYTES_PER_SECOND));
    expect(audio.consumed).toBe(first?.length ?? 0);
    expect(audio.drained).toBe(false);
    expect(spoolHandles()).toHaveLength(1);
    await drain(audio);
    expect(spoolHandles()).toEqual([]);
  }, 30_000);

  it('is stopped mid-track: its process and its file go', async () => {
    const audio = new SpooledDecoder(ffmpeg, spec({ length: 8 }), spool);
    await until('some audio', () => audio.read(4096) !== null);
    audio.stop();
    expect(audio.drained).toBe(true);
    expect(audio.read(4096)).toBeNull();
    expect(spoolHandles()).toEqual([]);
    await until('no decoder left', () => decodersOf(song).length === 0);
  }, 30_000);

  it('reports a file it cannot decode as a failure, holding nothing open', async () => {
    const broken = path.join(dir, 'broken.mp3');
    fs.writeFileSync(broken, Buffer.alloc(5000, 7));
    const audio = new SpooledDecoder(ffmpeg, spec({ file: broken }), spool);
    await until('the decoder gave up', () => audio.ended);
    expect(audio.failure).toBeTruthy();
    expect(audio.read(4096)).toBeNull();
    expect(spoolHandles()).toEqual([]);
    const missing = new SpooledDecoder(ffmpeg, spec({ file: path.join(dir, 'gone.mp3') }), spool);
    expect(missing.failure).toMatch(/file not found/);
  }, 30_000);
});

describe('the decoder a track gets', () => {
  const log = { warn: () => undefined } as never;

  it('is spooled when there is a spool, and plays as it decodes without one', async () => {
    expect(startDecoder({ ffmpeg, mediaRoot: dir, spoolDir: spool }, spec(), log)).toBeInstanceOf(
      SpooledDecoder,
    );
    expect(startDecoder({ ffmpeg, mediaRoot: dir }, spec(), log)).toBeInstanceOf(Decoder);
    // A mix longer than the spool takes plays as it decodes.
    const long = startDecoder(
      { ffmpeg, mediaRoot: dir, spoolDir: spool },
      spec({ length: 3600 }),
      log,
    );
    expect(long).toBeInstanceOf(Decoder);
    long.stop();
    await sleep(100);
  });

  it('decodes as it plays when the spool has no room for the whole track', async (t) => {
    const disk = smallDisk(24);
    if (!disk.mounted) return t.skip();
    try {
      // Room for 6 s of PCM (1 MiB) but not for it and the margin.
      disk.fill(8 * 1024 * 1024);
      const warned: unknown[] = [];
      const audio = startDecoder({ ffmpeg, mediaRoot: dir, spoolDir: disk.dir }, spec(), {
        warn: (o: unknown) => warned.push(o),
      } as never);
      expect(audio).toBeInstanceOf(Decoder);
      expect(String((warned[0] as { err: Error }).err.message)).toMatch(/no room/);
      expect((await drain(audio)).length).toBe(Math.round(6 * BYTES_PER_SECOND));
      // With room again, the same track is spooled.
      disk.empty();
      const spooled = startDecoder({ ffmpeg, mediaRoot: dir, spoolDir: disk.dir }, spec(), log);
      expect(spooled).toBeInstanceOf(SpooledDecoder);
      expect((await drain(spooled)).length).toBe(Math.round(6 * BYTES_PER_SECOND));
    } finally {
      disk.remove();
    }
  }, 30_000);

  it('falls back to decoding as it plays when the spool cannot be written', async () => {
    const notAFolder = path.join(dir, 'not-a-folder');
    fs.writeFileSync(notAFolder, 'x');
    const warned: unknown[] = [];
    const audio = startDecoder({ ffmpeg, mediaRoot: dir, spoolDir: notAFolder }, spec(), {
      warn: (o: unknown) => warned.push(o),
    } as never);
    expect(audio).toBeInstanceOf(Decoder);
    expect(warned).toHaveLength(1);
    const pcm = await drain(audio);
    expect(pcm.length).toBe(Math.round(6 * BYTES_PER_SECOND));
  }, 30_000);
});
