import { SAMPLE_RATE, TICK_MS } from '../playout/pcm.js';
import { frameLength, Mp3FrameSplitter } from './mp3-frames.js';

/** Bytes of the stream per second of audio (128 kb/s). */
export const MP3_BYTES_PER_SECOND = 16_000;
/** Samples per MPEG-1 layer III frame. */
const SAMPLES_PER_FRAME = 1152;
/** Frames the encoder makes of one clock tick's PCM, at least (19.14 on average at 44.1 kHz). */
const FRAMES_PER_TICK = Math.floor((TICK_MS / 1000) * (SAMPLE_RATE / SAMPLES_PER_FRAME));
/** Clock ticks to a flush: about a second. */
const TICKS_PER_FLUSH = Math.max(1, Math.round(1000 / TICK_MS));
/**
 * Frames gathered before they are handed on, at the least: a tick and a half's worth (29 frames
 * at two ticks a second), so that every second tick makes a flush of about a second. The
 * encoder's output is taken at each tick, 19 or 20 frames, and the splitter keeps each push's
 * last frame until the next shows it whole, so two ticks give 38 or 39: a threshold of the full
 * 38 slipped to the third tick whenever the encoder was a frame behind, leaving a second and a
 * half, or two, between chunks on a busy machine. Each write to a listener is one system call,
 * whose kernel cost (~10-15 µs on loopback, the receiver's wake-up included) hardly depends on
 * its size, so this sets most of what a listener costs: one write a second of 16 KB. A new
 * listener's 3 s burst covers the wait three times over, and a switch to or from a live show
 * goes out at once (`prompt`).
 */
export const FLUSH_FRAMES = Math.round((TICKS_PER_FLUSH - 0.5) * FRAMES_PER_TICK);
/** About how often a flush comes. */
export const FLUSH_MS = TICKS_PER_FLUSH * TICK_MS;

/**
 * Samples between a PCM sample entering the encoder and the same sample in the decoded MP3:
 * LAME's 576 plus the decoder's 529 (the stream has no LAME tag telling players to trim it).
 * Measured by encoding silence then a tone with the station's encoder arguments.
 */
export const ENCODER_DELAY_SAMPLES = 1105;

/**
 * One flush of the stream, as plain data (it travels to listener processes): whole frames,
 * where they start in the stream, the title in force at that start, and each title change
 * within them at its stream offset. A null title is one not known yet: listeners keep the
 * title they were last sent.
 */
export interface Mp3Chunk {
  bytes: Buffer;
  start: number;
  title: string | null;
  changes: { at: number; title: string | null }[];
}

/** A title change: the MP3 frame where its track's first sample is heard, and its title. */
interface Mark {
  frame: number;
  /** Null until the title is looked up; the previous title stays until then. */
  title: string | null;
}

/**
 * Another consumer of the stream (a source client feeding a relay): each flush's bytes, and
 * the title in force where they end (null while the first title is not known yet).
 */
export type Mp3Sink = (bytes: Buffer, title: string | null) => void;

/**
 * The continuous MP3 as the encoder makes it: its output cut into whole frames, gathered until
 * there are FLUSH_FRAMES of them and handed on as one chunk (as the output arrives: no timer of
 * its own), with the title changes placed at the frame where each new track's first sample is
 * heard. Where the listeners are is not its business: each chunk goes to `out` (see
 * Mp3Audience) and to the sinks.
 */
export class Mp3Stream {
  private readonly sinks = new Set<Mp3Sink>();
  private readonly splitter = new Mp3FrameSplitter();
  private pending: Buffer[] = [];
  private pendingFrames = 0;
  /** Frames out of the current encoder process. */
  private frames = 0;
  /** Stream bytes passed to `pending` so far, and where the pending ones start. */
  private pushed = 0;
  private pendingStart = 0;
  private marks: Mark[] = [];
  private title: Mark | null = null;
  private changes: { at: number; mark: Mark }[] = [];
  /** Until then (performance.now()), every push is flushed at once (a switch to or from a show). */
  private promptUntil = 0;

  constructor(private readonly out: (chunk: Mp3Chunk) => void) {}

  /**
   * The track whose first sample is the encoder's input sample `sample` (counted from the
   * encoder's start). Answers a setter for its title, which may be looked up meanwhile.
   */
  trackAt(sample: number): (title: string) => void {
    const mark: Mark = {
      frame: Math.floor((sample + ENCODER_DELAY_SAMPLES) / SAMPLES_PER_FRAME),
      title: null,
    };
    this.marks.push(mark);
    return (title) => {
      mark.title = title;
    };
  }

  /** A new encoder process starts counting frames from zero; marks made before are void. */
  encoderStarted(): void {
    this.frames = 0;
    this.marks = [];
  }

  /**
   * For `ms`, each piece of output goes on at once rather than in FLUSH_FRAMES batches: a
   * switch to or from a live show is heard sooner.
   */
  prompt(ms: number): void {
    this.promptUntil = performance.now() + ms;
  }

  /** Hands every flush to `sink` from now on; answers the way to stop. */
  subscribe(sink: Mp3Sink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Encoder output, in any chunking. */
  push(chunk: Buffer): void {
    const frames = this.splitter.push(chunk);
    if (frames.length === 0) return;
    for (let i = 0; i < frames.length;) {
      while (this.marks.length > 0 && this.marks[0]!.frame <= this.frames) {
        this.changes.push({ at: this.pushed + i, mark: this.marks.shift()! });
      }
      i += frameLength(frames, i) || frames.length;
      this.frames++;
      this.pendingFrames++;
    }
    this.pending.push(frames);
    this.pushed += frames.length;
    if (this.pendingFrames >= FLUSH_FRAMES || performance.now() < this.promptUntil) this.flush();
  }

  private flush(): void {
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.pendingFrames = 0;
    const chunk: Mp3Chunk = {
      bytes,
      start: this.pendingStart,
      title: this.title?.title ?? null,
      changes: this.changes.map(({ at, mark }) => ({ at, title: mark.title })),
    };
    this.pendingStart += bytes.length;
    this.title = this.changes.at(-1)?.mark ?? this.title;
    this.changes = [];
    this.out(chunk);
    const title = this.title?.title ?? null;
    for (const sink of this.sinks) sink(bytes, title);
  }
}
