import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AnalysisError, analyzeAudio, tooLong, type AudioAnalysis } from './analyze.js';
import type { AnalysisQueue, QueueHooks } from './analysis-queue.js';
import type { ArtStore } from './art-store.js';
import type { AudioContainer } from './audio-container.js';
import { audioExtension } from './audio-extension.js';
import type { FfmpegTools } from './ffmpeg-locate.js';
import { readFileMetadata } from './file-metadata.js';
import { identifyAudio, readAt } from './identify-audio.js';
import { probeAudio } from './probe.js';
import { untagged, type FileTags } from './read-tags.js';
import { MAX_MODULE_BYTES, MAX_TAG_BYTES, planTags, writeStripped } from './tag-bounds.js';

/** Above these a file is refused before it is decoded. */
export const MAX_SAMPLE_RATE = 192_000;
export const MAX_CHANNELS = 8;
const MIB = 1024 * 1024;

/**
 * Why a file is not taken in. `unsupported`: not an audio container the station plays (a
 * playlist, a manifest, a picture, …); the rest are audio that does not decode or is over a
 * limit.
 */
export class MediaRefusal extends Error {
  // Its name survives the minified build (logs name an error by its class).
  static {
    Object.defineProperty(this, 'name', { value: 'MediaRefusal' });
  }
  constructor(
    message: string,
    readonly kind: 'unsupported' | 'undecodable' | 'limit',
  ) {
    super(message);
  }
}

export const MEDIA_TEXT = {
  unsupported:
    'The file is not in an audio format the station plays (MP3, Ogg, FLAC, WAV, M4A, AAC or a tracker module).',
  undecodable: 'The file is not audio that the station can play.',
  tags: `The file's tags take more than ${MAX_TAG_BYTES / MIB} MiB; remove the pictures from its tags and try again.`,
  module: `Tracker modules of more than ${MAX_MODULE_BYTES / MIB} MiB are not taken.`,
  sampleRate: `Audio sampled at more than ${MAX_SAMPLE_RATE / 1000} kHz is not taken.`,
  channels: `Audio of more than ${MAX_CHANNELS} channels is not taken.`,
} as const;

export interface IntakeLimits {
  /** The longest song taken, in seconds. */
  maxSeconds: number;
  /** CPU seconds one file's decoding may take. */
  cpuSeconds: number;
}

/** A file that passed every check, measured and ready to store. */
export interface TakenAudio {
  /** What to store: the file itself, or `copy` when its oversized tags were cut off. */
  source: string;
  /** A temporary file of ours (the file without its tags), to remove once stored. */
  copy: string | null;
  container: AudioContainer;
  /** The stored file's extension, from its content. */
  ext: string;
  analysis: AudioAnalysis;
  /** Its tags; a file whose tags were cut off has none (its title is its name). */
  tags: FileTags;
  /** Its cover art in the art store, or null. */
  coverArt: string | null;
}

export interface IntakeOptions {
  /** The title of a file without tags (its name, without the extension). */
  fallbackTitle: string;
  /** Where a copy without oversized tags is written (beside the media store). */
  workDir: string;
  /** Told while the file waits for its turn and when its analysis begins. */
  hooks?: QueueHooks;
}

/**
 * Every file that enters the library (uploads, imports, the demo tunes) comes through here, in
 * this order, each step bounded before the next reads more:
 * 1. its container from its first bytes: only real audio containers, each then opened with its
 *    demuxer forced and no protocol but files (nothing in a file makes ffmpeg open a URL);
 * 2. its tags measured from their headers: over MAX_TAG_BYTES they are cut off or the file is
 *    refused, never read;
 * 3. in the analysis queue, at low priority: its headers probed (too long, too many channels,
 *    too high a rate are refused before decoding), one decoding under a CPU-time limit, its
 *    tags and cover read, the cover scaled within its pixel budget.
 */
export class MediaIntake {
  constructor(
    private readonly tools: FfmpegTools,
    private readonly limits: IntakeLimits,
    private readonly queue: AnalysisQueue,
    private readonly art: ArtStore,
  ) {}

  /** Throws MediaRefusal for a file that is not taken; the caller removes `copy` after use. */
  async take(file: string, options: IntakeOptions): Promise<TakenAudio> {
    const container = await identifyAudio(file, { modules: this.tools.modules });
    if (!container) throw new MediaRefusal(MEDIA_TEXT.unsupported, 'unsupported');
    const plan = await planTags(file, container);
    if (plan.action === 'refuse') {
      throw new MediaRefusal(plan.reason === 'tags' ? MEDIA_TEXT.tags : MEDIA_TEXT.module, 'limit');
    }
    let copy: string | null = null;
    if (plan.action === 'strip') {
      await fs.promises.mkdir(options.workDir, { recursive: true });
      copy = path.join(options.workDir, `${crypto.randomUUID()}.untagged.part`);
      await writeStripped(file, plan, copy);
    }
    const source = copy ?? file;
    try {
      return await this.queue.run(async () => {
        const analysis = await this.analyze(source, container);
        const { tags, picture } = copy
          ? { tags: untagged(options.fallbackTitle), picture: null }
          : await readFileMetadata(source, options.fallbackTitle);
        const coverArt = await this.art.ingest(picture);
        const ext = audioExtension(container.kind, analysis.format, await head(source));
        return { source, copy, container, ext, analysis, tags, coverArt };
      }, options.hooks);
    } catch (err) {
      if (copy) await fs.promises.rm(copy, { force: true });
      throw err;
    }
  }

  private async analyze(file: string, container: AudioContainer): Promise<AudioAnalysis> {
    const { ffmpeg, ffprobe } = this.tools;
    const probe = await probeAudio(ffprobe, file, container.demuxer);
    if (!probe) throw new MediaRefusal(MEDIA_TEXT.undecodable, 'undecodable');
    if (probe.sampleRate !== null && probe.sampleRate > MAX_SAMPLE_RATE) {
      throw new MediaRefusal(MEDIA_TEXT.sampleRate, 'limit');
    }
    if (probe.channels !== null && probe.channels > MAX_CHANNELS) {
      throw new MediaRefusal(MEDIA_TEXT.channels, 'limit');
    }
    // A header may understate the length; the decoding stops just past the limit either way.
    if (probe.duration !== null && probe.duration > this.limits.maxSeconds + 1) {
      throw new MediaRefusal(tooLong(this.limits.maxSeconds).message, 'limit');
    }
    try {
      return await analyzeAudio(ffmpeg, file, container.demuxer, this.limits);
    } catch (err) {
      if (!(err instanceof AnalysisError)) throw err;
      throw err.kind === 'limit'
        ? new MediaRefusal(err.message, 'limit')
        : new MediaRefusal(MEDIA_TEXT.undecodable, 'undecodable');
    }
  }
}

/** A file's first bytes, enough for every tracker module signature. */
async function head(file: string): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    return await readAt(handle, 0, 2048);
  } finally {
    await handle.close();
  }
}
