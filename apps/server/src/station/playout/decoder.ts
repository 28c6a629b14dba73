import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { storedDemuxer } from '../../media/audio-extension.js';
import { safeInput } from '../../media/probe.js';
import { BYTES_PER_SECOND, PCM_FORMAT_ARGS, wholeFrames } from './pcm.js';

/** Decoded audio held ahead of the clock per track; the decoder pauses above it. */
const HIGH_WATER = 4 * BYTES_PER_SECOND;
const LOW_WATER = 2 * BYTES_PER_SECOND;

export interface DecodeSpec {
  file: string;
  /** Seconds into the file to begin (the song's h_skip plus any resume offset). */
  skip: number;
  /** Seconds to play from there. */
  length: number;
  /** Fade-out over the last this many seconds of `length`. */
  fadeOut: number;
  /** Loudness gain in dB. */
  gainDb: number;
}

/**
 * The ffmpeg arguments that turn one song into the station's PCM with its tweaks applied: the
 * demuxer its stored name says, forced, and no protocol but files.
 */
export function decoderArgs(spec: DecodeSpec, demuxer: string): string[] {
  const filters = [`volume=${spec.gainDb.toFixed(2)}dB`];
  const fade = Math.min(spec.fadeOut, spec.length);
  if (fade > 0) {
    filters.push(`afade=t=out:st=${(spec.length - fade).toFixed(3)}:d=${fade.toFixed(3)}`);
  }
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...(spec.skip > 0 ? ['-ss', spec.skip.toFixed(3)] : []),
    ...['-t', spec.length.toFixed(3)],
    ...safeInput(demuxer, spec.file),
    ...['-vn', '-af', filters.join(',')],
    ...PCM_FORMAT_ARGS,
    'pipe:1',
  ];
}

/** One track's PCM as the clock takes it, however it is decoded. */
export interface TrackAudio {
  /** PCM bytes handed to the clock so far. */
  readonly consumed: number;
  /** PCM bytes decoded so far (all of them once `ended`). */
  readonly produced: number;
  /** Whether decoding has finished (or failed, or was stopped). */
  readonly ended: boolean;
  /** Why the track could not be decoded, if it could not. */
  readonly failure: string | null;
  /** Whether every decoded byte has been handed out. */
  readonly drained: boolean;
  /** Up to `max` bytes of PCM in whole frames, or null when none is ready. */
  read(max: number): Buffer | null;
  /** Stops decoding; whatever was not handed out is dropped. */
  stop(): void;
}

/** The last of what a decoder's ffmpeg said on stderr: why it made no audio, if it made none. */
export class StderrTail {
  private text = '';

  constructor(stream: Readable | null) {
    stream?.on('data', (d: Buffer) => {
      this.text = (this.text + d.toString('utf8')).slice(-2000);
    });
  }

  /** Why a decoder that exited with `code` or `signal` without audio made none. */
  reason(code: number | null, signal: NodeJS.Signals | null): string {
    return this.text.trim() || `decoder exited with ${code ?? signal ?? 'nothing'}`;
  }
}

/** Why a track's file cannot be given to ffmpeg, or its demuxer. */
export function decoderInput(file: string): { demuxer: string } | { failure: string } {
  if (!fs.existsSync(file)) return { failure: `file not found: ${file}` };
  const demuxer = storedDemuxer(file);
  return demuxer ? { demuxer } : { failure: `not a stored audio file: ${file}` };
}

/**
 * One track being decoded as it plays: ffmpeg writes PCM to a pipe, this keeps a few seconds of
 * it ready for the clock and holds ffmpeg back beyond that, so the process lives as long as the
 * track. A decoder that ends without audio has `failure`.
 */
export class Decoder implements TrackAudio {
  private readonly chunks: Buffer[] = [];
  private buffered = 0;
  private child: ChildProcessWithoutNullStreams | null = null;
  /** PCM bytes handed to the clock so far. */
  consumed = 0;
  produced = 0;
  ended = false;
  failure: string | null = null;

  constructor(ffmpeg: string, spec: DecodeSpec) {
    const input = decoderInput(spec.file);
    if ('failure' in input) {
      this.fail(input.failure);
      return;
    }
    const child = spawn(ffmpeg, decoderArgs(spec, input.demuxer), {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    child.stdin.end();
    child.stdout.on('data', (d: Buffer) => {
      this.chunks.push(d);
      this.buffered += d.length;
      this.produced += d.length;
      if (this.buffered > HIGH_WATER) child.stdout.pause();
    });
    const stderr = new StderrTail(child.stderr);
    child.on('error', (err) => this.fail(err.message));
    child.on('close', (code, signal) => {
      this.child = null;
      if (this.produced === 0 && !this.failure) this.fail(stderr.reason(code, signal));
      this.ended = true;
    });
  }

  /** Whether every decoded byte has been handed out. */
  get drained(): boolean {
    return this.ended && this.buffered === 0;
  }

  /** Up to `max` bytes of PCM in whole frames, or null when none is ready. */
  read(max: number): Buffer | null {
    if (this.buffered === 0) return null;
    const want = wholeFrames(Math.min(max, this.buffered));
    if (want === 0) return null;
    const parts: Buffer[] = [];
    let got = 0;
    while (got < want) {
      const head = this.chunks[0]!;
      const take = Math.min(head.length, want - got);
      parts.push(take === head.length ? head : head.subarray(0, take));
      if (take === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(take);
      got += take;
    }
    this.buffered -= got;
    this.consumed += got;
    // An odd byte left at the very end of a stream cannot form a frame: drop it.
    if (this.ended && this.buffered < 4) {
      this.chunks.length = 0;
      this.buffered = 0;
    }
    if (this.child && this.buffered < LOW_WATER) this.child.stdout.resume();
    return parts.length === 1 ? parts[0]! : Buffer.concat(parts, got);
  }

  /** Stops decoding; whatever was buffered is dropped. */
  stop(): void {
    this.child?.kill('SIGKILL');
    this.chunks.length = 0;
    this.buffered = 0;
    this.ended = true;
  }

  private fail(reason: string): void {
    this.failure = reason;
    this.ended = true;
  }
}
