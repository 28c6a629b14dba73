import type { DemoTune, Voice } from './demo-catalog.js';
import { seededRandom as random } from '../../lib/random.js';

/** Rendered at 22.05 kHz (as trackers of the era did); ffmpeg resamples to 44.1 kHz. */
export const SAMPLE_RATE = 22_050;

const SCALES: Record<DemoTune['scale'], number[]> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
  dorian: [0, 2, 3, 5, 7, 9, 10],
  pentatonic: [0, 2, 4, 7, 9],
};
const PROGRESSIONS = [
  [0, 4, 5, 3],
  [0, 5, 3, 4],
  [5, 3, 0, 4],
  [0, 3, 4, 4],
];

const freqOf = (semitonesFromA220: number) => 220 * 2 ** (semitonesFromA220 / 12);

/** One sample of a waveform at phase `p` (0..1); `decay` falls from 1 over the note. */
type Wave = (p: number, decay: number) => number;

const TWO_PI = 2 * Math.PI;
const WAVES: Record<Voice, Wave> = {
  square: (p) => (p < 0.5 ? 0.6 : -0.6),
  pulse: (p) => (p < 0.25 ? 0.6 : -0.6),
  saw: (p) => (2 * p - 1) * 0.6,
  triangle: (p) => (p < 0.5 ? 4 * p - 1 : 3 - 4 * p) * 0.9,
  fm: (p, d) => Math.sin(TWO_PI * p + 2.2 * d * d * Math.sin(2 * TWO_PI * p)),
  pluck: (p, d) => (Math.sin(TWO_PI * p) + 0.3 * d * Math.sin(2 * TWO_PI * p)) * d * d * d,
};

interface Note {
  start: number;
  length: number;
  freq: number;
  voice: Voice;
  gain: number;
}

/** Melody, bass line and drums from the tune's seed, key, scale and tempo. */
function compose(tune: DemoTune): {
  notes: Note[];
  hits: { start: number; kind: 'kick' | 'snare' | 'hat' }[];
} {
  const rnd = random(tune.seed);
  const scale = SCALES[tune.scale];
  const step = 60 / tune.bpm / 4;
  const steps = Math.floor(tune.seconds / step);
  const progression = PROGRESSIONS[Math.floor(rnd() * PROGRESSIONS.length)]!;
  const degree = (d: number) => {
    const octave = Math.floor(d / scale.length);
    return scale[((d % scale.length) + scale.length) % scale.length]! + 12 * octave;
  };
  // A 32-step motif, varied on every repeat, keeps the tune recognisable.
  const motif = Array.from({ length: 32 }, () => (rnd() < 0.7 ? Math.floor(rnd() * 9) - 2 : null));
  const notes: Note[] = [];
  const hits: { start: number; kind: 'kick' | 'snare' | 'hat' }[] = [];
  for (let i = 0; i < steps; i++) {
    const bar = Math.floor(i / 16);
    const chord = progression[bar % progression.length]!;
    const m = motif[i % 32];
    if (m !== null && m !== undefined && i % 2 === 0) {
      const varied = bar % 4 === 3 && rnd() < 0.4 ? m + 2 : m;
      notes.push({
        start: i * step,
        length: step * (rnd() < 0.3 ? 4 : 2),
        freq: freqOf(tune.key + 12 + degree(chord + varied)),
        voice: tune.lead,
        gain: 0.32,
      });
    }
    if (i % 4 === 0) {
      const root = degree(chord) - 12 + (i % 8 === 4 ? 7 : 0);
      notes.push({
        start: i * step,
        length: step * 3,
        freq: freqOf(tune.key + root),
        voice: tune.bass,
        gain: 0.3,
      });
    }
    if (tune.drums) {
      if (i % 8 === 0) hits.push({ start: i * step, kind: 'kick' });
      if (i % 8 === 4) hits.push({ start: i * step, kind: 'snare' });
      if (i % 2 === 1) hits.push({ start: i * step, kind: 'hat' });
    }
  }
  return { notes, hits };
}

/** Samples rendered and handed over at a time: a second of audio. */
const BLOCK = SAMPLE_RATE;

/** A note being played: where it is in its waveform and envelopes. */
interface Sounding {
  note: Note;
  start: number;
  length: number;
  /** Samples of the note already rendered. */
  done: number;
  phase: number;
  body: number;
  decay: number;
}

/** Adds the note's samples that fall in the block starting at `from` to `mix`. */
function playNote(s: Sounding, mix: Float32Array, from: number): void {
  const wave = WAVES[s.note.voice];
  const inc = s.note.freq / SAMPLE_RATE;
  const attack = 0.01 * SAMPLE_RATE;
  const release = 0.03 * SAMPLE_RATE;
  // Exponential decays as running products: no Math.exp per sample.
  const bodyStep = Math.exp(-1.2 / SAMPLE_RATE);
  const decayStep = Math.exp(-1.7 / SAMPLE_RATE);
  const end = Math.min(s.length, from + mix.length - s.start);
  let { phase, body, decay } = s;
  for (let j = s.done; j < end; j++) {
    const edge = Math.min(1, j / attack, (s.length - j) / release);
    mix[s.start + j - from]! += wave(phase, decay) * body * edge;
    phase += inc;
    if (phase >= 1) phase -= 1;
    body *= bodyStep;
    decay *= decayStep;
  }
  Object.assign(s, { done: end, phase, body, decay });
}

/** A drum hit's samples, drawing its noise from `noise` (hits draw in turn). */
function renderHit(kind: 'kick' | 'snare' | 'hat', length: number, noise: () => number) {
  // Doubles, as the mix receives them: rounding them to floats first would change the sum.
  const out = new Float64Array(length);
  let phase = 0;
  for (let j = 0; j < length; j++) {
    const t = j / SAMPLE_RATE;
    if (kind === 'kick') {
      phase += (50 + 120 * Math.exp(-25 * t)) / SAMPLE_RATE;
      out[j] = Math.sin(2 * Math.PI * phase) * Math.exp(-14 * t) * 0.7;
    } else if (kind === 'snare') {
      out[j] = (noise() * 2 - 1) * Math.exp(-20 * t) * 0.35;
    } else {
      out[j] = (noise() * 2 - 1) * Math.exp(-90 * t) * 0.12;
    }
  }
  return out;
}

/**
 * Renders a tune to 16-bit mono PCM at SAMPLE_RATE, with a fade in and a 3 s fade out, a
 * second at a time: each block is handed over (to ffmpeg's input) before the next is made, so
 * a tune costs a second of audio in memory, not the whole of it, and the event loop (the
 * station's clock among others) runs between blocks. Every sample sums the notes in their
 * order, then the drum hits in theirs, as mixing the whole tune at once would.
 */
export async function* renderTune(tune: DemoTune): AsyncGenerator<Buffer> {
  const total = Math.floor(tune.seconds * SAMPLE_RATE);
  const { notes, hits } = compose(tune);
  const noise = random(tune.seed * 7919);
  const fadeIn = 0.05 * SAMPLE_RATE;
  const fadeOut = 3 * SAMPLE_RATE;
  const drive = tune.level * 1.4;
  let sounding: Sounding[] = [];
  let ringing: { start: number; samples: Float64Array }[] = [];
  let nextNote = 0;
  let nextHit = 0;
  for (let from = 0; from < total; from += BLOCK) {
    const mix = new Float32Array(Math.min(BLOCK, total - from));
    const to = from + mix.length;
    for (; nextNote < notes.length; nextNote++) {
      const note = notes[nextNote]!;
      const start = Math.floor(note.start * SAMPLE_RATE);
      if (start >= to) break;
      const length = Math.min(Math.floor(note.length * SAMPLE_RATE), total - start);
      sounding.push({ note, start, length, done: 0, phase: 0, body: note.gain, decay: 1 });
    }
    for (const s of sounding) playNote(s, mix, from);
    sounding = sounding.filter((s) => s.done < s.length);
    for (; nextHit < hits.length; nextHit++) {
      const hit = hits[nextHit]!;
      const start = Math.floor(hit.start * SAMPLE_RATE);
      if (start >= to) break;
      const seconds = hit.kind === 'hat' ? 0.04 : 0.18;
      const length = Math.min(Math.floor(seconds * SAMPLE_RATE), total - start);
      ringing.push({ start, samples: renderHit(hit.kind, length, noise) });
    }
    for (const r of ringing) {
      for (let i = Math.max(from, r.start); i < Math.min(to, r.start + r.samples.length); i++) {
        mix[i - from]! += r.samples[i - r.start]!;
      }
    }
    ringing = ringing.filter((r) => r.start + r.samples.length > to);
    const pcm = new Int16Array(mix.length);
    for (let i = 0; i < mix.length; i++) {
      const fade = Math.min(1, (from + i) / fadeIn, (total - from - i) / fadeOut);
      const x = mix[i]! * drive;
      // Soft clip x / (1 + |x|): tanh's shape at a fraction of its cost.
      pcm[i] = Math.round((x / (1 + Math.abs(x))) * fade * 32000);
    }
    yield Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
