import { SAMPLE_RATE } from '../playout/pcm.js';

/** The station's loudness target (media/analyze.ts brings every song there). */
export const TARGET_LUFS = -16;
/** The loudness is measured over this much audio (EBU R128 short-term). */
const WINDOW_S = 3;
/** The gain is reconsidered this often. */
const BLOCK_S = 0.1;
const FRAMES_PER_BLOCK = Math.round(SAMPLE_RATE * BLOCK_S);
const BLOCKS = Math.round(WINDOW_S / BLOCK_S);
/** How far the gain may go either way: a whisper is not turned into a roar. */
const MAX_GAIN_DB = 20;
/** Below this the source is resting (between songs, a pause): the gain holds. */
const QUIET_LUFS = -50;
/** The absolute gate of EBU R128: blocks below it are not measured at all. */
const GATE_LUFS = -70;
/** For its first second the gain goes straight to the measured one; then it moves this slowly. */
const SETTLE_BLOCKS = 10;
const SLEW_DB_PER_S = 3;

/** One biquad section, direct form I. */
interface Biquad {
  b: [number, number, number];
  a: [number, number];
}

/**
 * The K-weighting of ITU-R BS.1770 for a sample rate: a high shelf (the head's effect) and a
 * high-pass (the ear's poor bass), with the coefficients derived as libebur128 derives them.
 */
export function kWeighting(rate = SAMPLE_RATE): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const G = 3.999843853973347;
  let Q = 0.7071752369554196;
  let K = Math.tan((Math.PI * f0) / rate);
  const Vh = 10 ** (G / 20);
  const Vb = Vh ** 0.4996667741545416;
  let a0 = 1 + K / Q + K * K;
  const shelf: Biquad = {
    b: [
      (Vh + (Vb * K) / Q + K * K) / a0,
      (2 * (K * K - Vh)) / a0,
      (Vh - (Vb * K) / Q + K * K) / a0,
    ],
    a: [(2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0],
  };
  f0 = 38.13547087602444;
  Q = 0.5003270373238773;
  K = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + K / Q + K * K;
  const highPass: Biquad = { b: [1, -2, 1], a: [(2 * (K * K - 1)) / a0, (1 - K / Q + K * K) / a0] };
  return [shelf, highPass];
}

/**
 * A gain follower toward the station's −16 LUFS for a live source, in real time and without
 * delay: the K-weighted loudness of the last 3 s (EBU R128's short-term, gated at −70 LUFS)
 * sets the gain, which goes straight there in the first second (the crossfade into the show
 * hides it) and then moves at most 3 dB a second, holding through pauses. ffmpeg's loudnorm
 * filter in its one-pass mode would hold three seconds of the DJ's audio back; this holds none.
 */
export class LoudnessFollower {
  private readonly filters = kWeighting();
  /** Filter state per channel and section: x1, x2, y1, y2. */
  private readonly state = [new Float64Array(8), new Float64Array(8)];
  private readonly energies: number[] = [];
  private blockEnergy = 0;
  private blockFrames = 0;
  private blocks = 0;
  /** The gain now (linear) and its change per frame over the current block. */
  private gain = 1;
  private step = 0;
  /** The loudness last measured (LUFS), for tests and logs. */
  loudness = -Infinity;

  /** The gain in use, in dB. */
  get gainDb(): number {
    return 20 * Math.log10(this.gain);
  }

  /** The PCM with the gain applied (a new buffer of the same length). */
  process(pcm: Buffer): Buffer {
    const out = Buffer.allocUnsafe(pcm.length - (pcm.length % 4));
    for (let at = 0; at + 4 <= pcm.length; at += 4) {
      const left = pcm.readInt16LE(at);
      const right = pcm.readInt16LE(at + 2);
      const kl = this.weigh(0, left / 32768);
      const kr = this.weigh(1, right / 32768);
      this.blockEnergy += kl * kl + kr * kr;
      this.gain += this.step;
      out.writeInt16LE(clip(left * this.gain), at);
      out.writeInt16LE(clip(right * this.gain), at + 2);
      if (++this.blockFrames === FRAMES_PER_BLOCK) this.endBlock();
    }
    return out;
  }

  private weigh(channel: number, x: number): number {
    const s = this.state[channel]!;
    let value = x;
    for (let i = 0; i < 2; i++) {
      const { b, a } = this.filters[i]!;
      const o = i * 4;
      const y =
        b[0] * value + b[1] * s[o]! + b[2] * s[o + 1]! - a[0] * s[o + 2]! - a[1] * s[o + 3]!;
      s[o + 1] = s[o]!;
      s[o] = value;
      s[o + 3] = s[o + 2]!;
      s[o + 2] = y;
      value = y;
    }
    return value;
  }

  private endBlock(): void {
    const meanSquare = this.blockEnergy / this.blockFrames;
    this.blockEnergy = 0;
    this.blockFrames = 0;
    this.blocks++;
    if (lufs(meanSquare) > GATE_LUFS) {
      this.energies.push(meanSquare);
      if (this.energies.length > BLOCKS) this.energies.shift();
    }
    if (this.energies.length === 0) {
      this.step = 0;
      return;
    }
    const level = lufs(this.energies.reduce((sum, e) => sum + e, 0) / this.energies.length);
    this.loudness = level;
    const current = 20 * Math.log10(this.gain);
    let target = current;
    if (level > QUIET_LUFS) {
      target = Math.max(-MAX_GAIN_DB, Math.min(MAX_GAIN_DB, TARGET_LUFS - level));
    }
    if (this.blocks > SETTLE_BLOCKS) {
      const most = SLEW_DB_PER_S * BLOCK_S;
      target = Math.max(current - most, Math.min(current + most, target));
    }
    this.step = (10 ** (target / 20) - this.gain) / FRAMES_PER_BLOCK;
  }
}

/** The loudness of a K-weighted mean square summed over the two channels. */
const lufs = (meanSquare: number): number =>
  meanSquare > 0 ? -0.691 + 10 * Math.log10(meanSquare) : -Infinity;

const clip = (v: number): number => (v > 32767 ? 32767 : v < -32768 ? -32768 : Math.round(v));
