import { BYTES_PER_SECOND, wholeFrames } from '../playout/pcm.js';
import { Loop } from './standby-sound.js';

/** Audio gathered before the DJ is heard, and again after the source ran dry: the jitter buffer. */
export const PRIME_S = 0.2;
/** Above this much waiting audio the source is faster than real time: the excess goes. */
export const MAX_BUFFER_S = 2;
/** What is kept when the excess goes. */
const KEEP_S = 0.5;
/** The DJ's audio missing this long (a stall, a drop) brings the stand-by sound in. */
const GAP_S = 0.5;
/** Fades between the DJ and the stand-by sound. */
const LIVE_FADE_S = 0.3;
const STANDBY_FADE_S = 0.5;
/** Excess dropped is reported at most this often. */
const DROP_LOG_MS = 10_000;

/**
 * What the playout plays during a show: the DJ's audio, through a small jitter buffer, and the
 * stand-by sound whenever the DJ's audio is missing for more than half a second (a stall, a
 * dropped connection, the grace after it), faded in and out, so that listeners never hear
 * more than that of silence. The DJ's connections come and go (`connected`); the feed stays on
 * air through them, which is how a reconnect continues the show with nothing else between.
 */
export class LiveFeed {
  private chunks: Buffer[] = [];
  private buffered = 0;
  private primed = false;
  /** Bytes of stream time without the DJ's audio. */
  private missing = Infinity;
  private liveGain = 0;
  private standbyGain = 0;
  /** The stand-by sound, once it is ready (silence until then). */
  private standby: Loop | null = null;
  private dropped = 0;
  private lastDropLog = 0;
  /** Whether a source is connected (its audio may still be coming). */
  connected = false;
  /** Called each time the DJ's audio is ready to be heard (first, and after running dry). */
  onPrimed: () => void = () => undefined;

  constructor(
    standby: Buffer | null,
    private readonly log: (dropped: number) => void = () => undefined,
  ) {
    if (standby) this.useStandby(standby);
  }

  /** The stand-by sound, once it is made or decoded. */
  useStandby(pcm: Buffer): void {
    this.standby ??= new Loop(pcm);
  }

  /** Seconds of the DJ's audio waiting. */
  get bufferedSeconds(): number {
    return this.buffered / BYTES_PER_SECOND;
  }

  /** Whether the DJ's audio is being heard (not the stand-by sound alone). */
  get live(): boolean {
    return this.primed;
  }

  /** The source's decoded (and normalised) audio. */
  push(pcm: Buffer): void {
    if (pcm.length === 0) return;
    this.chunks.push(pcm);
    this.buffered += pcm.length;
    if (this.buffered > MAX_BUFFER_S * BYTES_PER_SECOND) this.dropExcess();
    if (!this.primed && this.buffered >= PRIME_S * BYTES_PER_SECOND) {
      this.primed = true;
      this.onPrimed();
    }
  }

  /** Forgets the audio of a connection that is gone. */
  clear(): void {
    this.chunks = [];
    this.buffered = 0;
    this.primed = false;
  }

  /** Exactly `bytes` of PCM (whole frames): the DJ, the stand-by sound, or both crossing. */
  read(bytes: number): Buffer {
    const size = wholeFrames(bytes);
    const live = Buffer.alloc(size);
    let took = 0;
    if (this.primed) {
      took = this.take(live, size);
      // Ran dry: gather PRIME_S again before going on, rather than stutter.
      if (took < size) this.primed = false;
    }
    this.missing = took === size ? 0 : this.missing + (size - took);
    const drained = !this.connected && this.buffered === 0;
    const wantStandby = drained || this.missing >= GAP_S * BYTES_PER_SECOND;
    const seconds = size / BYTES_PER_SECOND;
    const liveFrom = this.liveGain;
    const standbyFrom = this.standbyGain;
    this.liveGain = approach(liveFrom, took > 0 ? 1 : 0, seconds / LIVE_FADE_S);
    this.standbyGain = approach(standbyFrom, wantStandby ? 1 : 0, seconds / STANDBY_FADE_S);
    const standby =
      this.standby && (standbyFrom > 0 || this.standbyGain > 0) ? this.standby.read(size) : null;
    return mix(live, liveFrom, this.liveGain, standby, standbyFrom, this.standbyGain);
  }

  private take(into: Buffer, size: number): number {
    let took = 0;
    while (took < size && this.chunks.length > 0) {
      const head = this.chunks[0]!;
      const n = Math.min(head.length, size - took);
      head.copy(into, took, 0, n);
      took += n;
      if (n === head.length) this.chunks.shift();
      else this.chunks[0] = head.subarray(n);
    }
    this.buffered -= took;
    return wholeFrames(took);
  }

  /** A source faster than real time: the oldest audio goes, down to KEEP_S, and is reported. */
  private dropExcess(): void {
    const excess = wholeFrames(this.buffered - KEEP_S * BYTES_PER_SECOND);
    const skipped = Buffer.alloc(excess);
    this.take(skipped, excess);
    this.dropped += excess;
    const now = Date.now();
    if (now - this.lastDropLog >= DROP_LOG_MS) {
      this.lastDropLog = now;
      this.log(this.dropped / BYTES_PER_SECOND);
      this.dropped = 0;
    }
  }
}

const approach = (from: number, to: number, step: number): number =>
  from < to ? Math.min(to, from + step) : Math.max(to, from - step);

/** `a` and `b` with gains ramping linearly across the block, clipped to 16 bits. */
function mix(a: Buffer, a0: number, a1: number, b: Buffer | null, b0: number, b1: number): Buffer {
  const out = Buffer.allocUnsafe(a.length);
  const samples = a.length / 2;
  for (let i = 0; i < samples; i++) {
    const t = Math.floor(i / 2) / (samples / 2);
    let v = a.readInt16LE(i * 2) * (a0 + (a1 - a0) * t);
    if (b) v += b.readInt16LE(i * 2) * (b0 + (b1 - b0) * t);
    out.writeInt16LE(v > 32767 ? 32767 : v < -32768 ? -32768 : Math.round(v), i * 2);
  }
  return out;
}
