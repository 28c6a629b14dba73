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

/** Longest stretch of rendering between two turns of the event loop. */
const SLICE_MS = 8;

/**
 * A pause that lets the event loop run (the station's clock among others) once `SLICE_MS` of
 * work has gone by since the last one; free otherwise.
 */
function breathing(): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        since = performance.now();
        resolve();
      }),
    );
  };
}

/**
 * Renders a tune to 16-bit mono PCM at SAMPLE_RATE, with a fade in and a 3 s fade out, in
 * slices: the station keeps time while a demo library is being made beside it.
 */
export async function renderTune(tune: DemoTune): Promise<Buffer> {
  const breather = breathing();
  const total = Math.floor(tune.seconds * SAMPLE_RATE);
  const mix = new Float32Array(total);
  const { notes, hits } = compose(tune);
  for (const note of notes) {
    await breather();
    const start = Math.floor(note.start * SAMPLE_RATE);
    const length = Math.min(Math.floor(note.length * SAMPLE_RATE), total - start);
    const wave = WAVES[note.voice];
    const inc = note.freq / SAMPLE_RATE;
    const attack = 0.01 * SAMPLE_RATE;
    const release = 0.03 * SAMPLE_RATE;
    // Exponential decays as running products: no Math.exp per sample.
    const bodyStep = Math.exp(-1.2 / SAMPLE_RATE);
    const decayStep = Math.exp(-1.7 / SAMPLE_RATE);
    let phase = 0;
    let body = note.gain;
    let decay = 1;
    for (let j = 0; j < length; j++) {
      const edge = Math.min(1, j / attack, (length - j) / release);
      mix[start + j]! += wave(phase, decay) * body * edge;
      phase += inc;
      if (phase >= 1) phase -= 1;
      body *= bodyStep;
      decay *= decayStep;
    }
  }
  const noise = random(tune.seed * 7919);
  for (const hit of hits) {
    await breather();
    const start = Math.floor(hit.start * SAMPLE_RATE);
    const length = Math.min(
      Math.floor((hit.kind === 'hat' ? 0.04 : 0.18) * SAMPLE_RATE),
      total - start,
    );
    let phase = 0;
    for (let j = 0; j < length; j++) {
      const t = j / SAMPLE_RATE;
      let v: number;
      if (hit.kind === 'kick') {
        phase += (50 + 120 * Math.exp(-25 * t)) / SAMPLE_RATE;
        v = Math.sin(2 * Math.PI * phase) * Math.exp(-14 * t) * 0.7;
      } else if (hit.kind === 'snare') {
        v = (noise() * 2 - 1) * Math.exp(-20 * t) * 0.35;
      } else {
        v = (noise() * 2 - 1) * Math.exp(-90 * t) * 0.12;
      }
      mix[start + j]! += v;
    }
  }
  const pcm = new Int16Array(total);
  const fadeIn = 0.05 * SAMPLE_RATE;
  const fadeOut = 3 * SAMPLE_RATE;
  const drive = tune.level * 1.4;
  for (let i = 0; i < total; i++) {
    if (i % SAMPLE_RATE === 0) await breather();
    const fade = Math.min(1, i / fadeIn, (total - i) / fadeOut);
    const x = mix[i]! * drive;
    // Soft clip x / (1 + |x|): tanh's shape at a fraction of its cost.
    pcm[i] = Math.round((x / (1 + Math.abs(x))) * fade * 32000);
  }
  return Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
}
