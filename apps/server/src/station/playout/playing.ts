import path from 'node:path';
import { Decoder } from './decoder.js';
import { BYTES_PER_SECOND, secondsToBytes } from './pcm.js';
import type { Track } from './scheduler.js';

/**
 * A track the playout holds: on air, or chosen to follow. Its decoder (an ffmpeg process) is
 * started by the first `audio()`, so a track chosen early costs no process until it is due.
 */
export class Playing {
  private decoder: Decoder | null = null;
  /** PCM bytes the track should last. */
  readonly expected: number;

  constructor(
    readonly track: Track,
    private readonly ffmpeg: string,
    private readonly mediaRoot: string,
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

  /** Seconds of it still to go on air, as far as the decoder knows (0 once it has ended). */
  get secondsLeft(): number {
    const d = this.decoder;
    if (!d) return this.expected / BYTES_PER_SECOND;
    if (d.ended) return 0;
    return Math.max(0, this.expected - d.consumed) / BYTES_PER_SECOND;
  }

  /** Its decoder, started by the first call. */
  audio(): Decoder {
    if (this.decoder) return this.decoder;
    const song = this.track.song;
    const { track } = this;
    this.decoder = new Decoder(this.ffmpeg, {
      file: path.resolve(this.mediaRoot, song.stored_path ?? ''),
      skip: song.h_skip + track.offset,
      length: Math.max(0.05, track.length - track.offset),
      fadeOut: Math.max(0, Math.min(song.h_fadeout, track.length - track.offset)),
      gainDb: song.loudness_gain ?? 0,
    });
    return this.decoder;
  }

  /** Stops its decoder, if started. */
  stop(): void {
    this.decoder?.stop();
  }
}
