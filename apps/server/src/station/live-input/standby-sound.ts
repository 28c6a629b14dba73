import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { identifyAudio } from '../../media/identify-audio.js';
import { safeInput } from '../../media/probe.js';
import { runProcess } from '../../media/run-process.js';
import { BYTES_PER_SECOND, PCM_FORMAT_ARGS, SAMPLE_RATE, wholeFrames } from '../playout/pcm.js';

/** The made tone's loop: whole cycles of every partial fit it, so it loops without a click. */
const LOOP_S = 8;
/** Its level: clearly there (about −30 dBFS), never mistaken for the music. */
const LEVEL = 0.03;
/** An admin's file is played up to this long (then looped): 60 s of PCM is 10 MiB. */
const FILE_MAX_S = 60;

/**
 * A soft chord (220, 275 and 330 Hz: a major triad in just intonation) swelling and ebbing
 * twice per loop, never silent: what listeners hear while the station holds a show for its DJ.
 */
export function synthesizedStandby(): Buffer {
  const frames = SAMPLE_RATE * LOOP_S;
  const pcm = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const t = i / SAMPLE_RATE;
    const swell = 0.65 + 0.35 * Math.sin((2 * Math.PI * t * 2) / LOOP_S);
    const chord =
      Math.sin(2 * Math.PI * 220 * t) +
      0.7 * Math.sin(2 * Math.PI * 275 * t) +
      0.5 * Math.sin(2 * Math.PI * 330 * t);
    const v = Math.round((chord / 2.2) * swell * LEVEL * 32767);
    pcm.writeInt16LE(v, i * 4);
    pcm.writeInt16LE(v, i * 4 + 2);
  }
  return pcm;
}

/**
 * The stand-by sound: an admin's file (LIVE_STANDBY_FILE, decoded by ffmpeg with its demuxer
 * judged from its bytes and no protocol but files), else the made tone. A file that cannot be
 * read is reported and the tone plays instead.
 */
export async function loadStandby(
  ffmpeg: string,
  file: string | undefined,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<Buffer> {
  if (!file) return synthesizedStandby();
  try {
    const container = await standbyContainer(file);
    const result = await runProcess(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-v', 'error'],
        ...safeInput(container.demuxer, file),
        ...['-t', String(FILE_MAX_S), '-vn'],
        ...PCM_FORMAT_ARGS,
        'pipe:1',
      ],
      { timeoutMs: 30_000 },
    );
    const pcm = result.stdout.subarray(0, wholeFrames(result.stdout.length));
    if (result.code !== 0 || pcm.length < BYTES_PER_SECOND / 10) {
      throw new Error(result.stderr.trim() || 'no audio decoded');
    }
    log.info({ file, seconds: pcm.length / BYTES_PER_SECOND }, 'live stand-by sound loaded');
    return pcm;
  } catch (err) {
    log.warn({ file, err: (err as Error).message }, 'live stand-by file unusable; a tone plays');
    return synthesizedStandby();
  }
}

/** The file's container, if it is one the station plays; throws why not. */
async function standbyContainer(file: string) {
  await fs.promises.access(file, fs.constants.R_OK);
  const container = await identifyAudio(file, { modules: false });
  if (!container) throw new Error('not an audio file this station plays');
  return container;
}

/**
 * The stand-by sound held only while a show needs it: made or decoded when a show begins, let
 * go when the station has no show (the tone is 1.4 MiB of PCM, an admin's file up to 10 MiB).
 * A show that follows another on stand-by gets the same sound.
 */
export class StandbySound {
  private loading: Promise<Buffer> | null = null;

  constructor(
    private readonly ffmpeg: string,
    private readonly file: string | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  /** At start: an admin's file the station cannot play is reported now, not at the first show. */
  async check(): Promise<void> {
    if (!this.file) return;
    await standbyContainer(this.file).catch((err: unknown) =>
      this.log.warn(
        { file: this.file, err: (err as Error).message },
        'live stand-by file unusable; a tone plays',
      ),
    );
  }

  /** The sound, for a show beginning. */
  get(): Promise<Buffer> {
    this.loading ??= loadStandby(this.ffmpeg, this.file, this.log);
    return this.loading;
  }

  /** No show needs the sound now. */
  release(): void {
    this.loading = null;
  }
}

/** Reads a loop of PCM forever, from where it left off. */
export class Loop {
  private at = 0;

  constructor(private readonly pcm: Buffer) {}

  read(bytes: number): Buffer {
    const out = Buffer.allocUnsafe(bytes);
    let filled = 0;
    while (filled < bytes) {
      const take = Math.min(bytes - filled, this.pcm.length - this.at);
      this.pcm.copy(out, filled, this.at, this.at + take);
      filled += take;
      this.at = (this.at + take) % this.pcm.length;
    }
    return out;
  }
}
