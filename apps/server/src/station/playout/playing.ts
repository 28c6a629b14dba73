import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Decoder, type DecodeSpec, type TrackAudio } from './decoder.js';
import { BYTES_PER_SECOND, secondsToBytes } from './pcm.js';
import type { Track } from './scheduler.js';
import { SpooledDecoder } from './spooled-decoder.js';

/**
 * Tracks up to this long are decoded ahead into the spool (a 20-minute track's file is about
 * 200 MiB); longer ones, a DJ mix say, are decoded as they play.
 */
export const SPOOL_MAX_S = 20 * 60;

/** Where decoded tracks wait to be played (`SpooledDecoder`); none: decoded as they play. */
export interface DecodeOptions {
  ffmpeg: string;
  mediaRoot: string;
  spoolDir?: string;
}

/** A track's decoder: spooled where it can be, else one that decodes as the track plays. */
export function startDecoder(
  options: DecodeOptions,
  spec: DecodeSpec,
  log: FastifyBaseLogger,
): TrackAudio {
  if (options.spoolDir && spec.length <= SPOOL_MAX_S) {
    try {
      return new SpooledDecoder(options.ffmpeg, spec, options.spoolDir);
    } catch (err) {
      log.warn({ err, file: spec.file }, 'the spool cannot be written; decoding as it plays');
    }
  }
  return new Decoder(options.ffmpeg, spec);
}

/**
 * A track the playout holds: on air, or chosen to follow. Its decoder (an ffmpeg process) is
 * started by the first `audio()`, so a track chosen early costs nothing until it is due.
 */
export class Playing {
  private decoder: TrackAudio | null = null;
  /** PCM bytes the track should last. */
  readonly expected: number;

  constructor(
    readonly track: Track,
    private readonly options: DecodeOptions,
    private readonly log: FastifyBaseLogger,
  ) {
    this.expected = secondsToBytes(track.length - track.offset);
  }

  /** Whether its decoder runs (or ran). */
  get decoding(): boolean {
    return this.decoder !== null;
  }

  /** Whether it can go on air now: its decoder has audio, or has ended (perhaps failing). */
  get ready(): boolean {
    const d = this.decoder;
    return d !== null && (d.produced > 0 || d.ended);
  }

  /** Why its decoder failed, if it did. */
  get failure(): string | null {
    return this.decoder?.failure ?? null;
  }

  /** Seconds of it still to go on air, as far as its decoder knows. */
  get secondsLeft(): number {
    const d = this.decoder;
    if (!d) return this.expected / BYTES_PER_SECOND;
    // Once decoding has ended, what is left is known exactly: a spooled track ends long before
    // it has played.
    const total = d.ended ? d.produced : this.expected;
    return Math.max(0, total - d.consumed) / BYTES_PER_SECOND;
  }

  /** Its decoder, started by the first call. */
  audio(): TrackAudio {
    if (this.decoder) return this.decoder;
    const song = this.track.song;
    const { track } = this;
    const spec: DecodeSpec = {
      file: path.resolve(this.options.mediaRoot, song.stored_path ?? ''),
      skip: song.h_skip + track.offset,
      length: Math.max(0.05, track.length - track.offset),
      fadeOut: Math.max(0, Math.min(song.h_fadeout, track.length - track.offset)),
      gainDb: song.loudness_gain ?? 0,
    };
    this.decoder = startDecoder(this.options, spec, this.log);
    return this.decoder;
  }

  /** Stops its decoder, if started. */
  stop(): void {
    this.decoder?.stop();
  }
}
