import { runProcess } from '../../src/media/run-process.js';

export const RATE = 44_100;
/** Below this (about -60 dBFS) a sample counts as silence. */
const SILENT = 33;

/** Decodes any audio file to mono 16-bit PCM at 44.1 kHz. */
export async function decodeMono(ffmpeg: string, file: string): Promise<Int16Array> {
  const result = await runProcess(ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-i', file],
    ...['-f', 's16le', '-ac', '1', '-ar', String(RATE), 'pipe:1'],
  ]);
  if (result.code !== 0) throw new Error(`could not decode ${file}: ${result.stderr}`);
  const buf = result.stdout;
  return new Int16Array(buf.buffer, buf.byteOffset, Math.floor(buf.length / 2));
}

export interface Window {
  /** Seconds from the start of the audio. */
  at: number;
  rms: number;
  /** Estimated from zero crossings; 0 in silence. */
  freq: number;
}

/** RMS level and dominant frequency per window. */
export function windows(pcm: Int16Array, seconds = 0.05): Window[] {
  const size = Math.round(RATE * seconds);
  const out: Window[] = [];
  for (let start = 0; start + size <= pcm.length; start += size) {
    let sum = 0;
    let crossings = 0;
    for (let i = start; i < start + size; i++) {
      const v = pcm[i]!;
      sum += v * v;
      if (i > start && pcm[i - 1]! < 0 !== v < 0) crossings++;
    }
    const rms = Math.sqrt(sum / size);
    out.push({ at: start / RATE, rms, freq: rms < SILENT ? 0 : crossings / 2 / seconds });
  }
  return out;
}

/** Runs of windows sharing a frequency (within `tolerance` Hz): what played, for how long. */
export function segments(
  ws: Window[],
  tolerance = 40,
): { freq: number; from: number; to: number }[] {
  const result: { freq: number; from: number; to: number }[] = [];
  for (const w of ws) {
    const last = result.at(-1);
    if (last && Math.abs(last.freq - w.freq) <= tolerance) last.to = w.at;
    else result.push({ freq: w.freq, from: w.at, to: w.at });
  }
  return result;
}

/** The longest run of silent samples between `from` and `to` seconds, in seconds. */
export function longestSilence(pcm: Int16Array, from: number, to: number): number {
  let longest = 0;
  let run = 0;
  for (let i = Math.floor(from * RATE); i < Math.min(pcm.length, to * RATE); i++) {
    if (Math.abs(pcm[i]!) < SILENT) {
      run++;
      if (run > longest) longest = run;
    } else run = 0;
  }
  return longest / RATE;
}

/** Amplitude of `freq` in `pcm[from, from + n)` (Goertzel), in sample units. */
export function toneLevel(pcm: Int16Array, from: number, n: number, freq: number): number {
  const k = 2 * Math.cos((2 * Math.PI * freq) / RATE);
  let s1 = 0;
  let s2 = 0;
  for (let i = from; i < from + n; i++) {
    const s0 = pcm[i]! + k * s1 - s2;
    s2 = s1;
    s1 = s0;
  }
  return (2 * Math.sqrt(Math.max(0, s1 * s1 + s2 * s2 - k * s1 * s2))) / n;
}

/** -40 dBFS as a sine's amplitude in 16-bit samples. */
export const ONSET_LEVEL = 32768 * 10 ** (-40 / 20);
/** The window a tone's onset is looked for in: 20 ms. */
export const ONSET_WINDOW = Math.round(RATE * 0.02);

/** The first sample, from `from` on, of the first 20 ms where `freq` is above -40 dBFS. */
export function onsetSample(pcm: Int16Array, freq: number, from: number): number | null {
  for (let i = from; i + ONSET_WINDOW <= pcm.length; i += ONSET_WINDOW) {
    if (toneLevel(pcm, i, ONSET_WINDOW, freq) > ONSET_LEVEL) return i;
  }
  return null;
}

/** Seconds into `pcm`, after `after` seconds, where `freq` is first above -40 dBFS. */
export function onsetOf(pcm: Int16Array, freq: number, after: number): number | null {
  const at = onsetSample(pcm, freq, Math.floor(after * RATE));
  return at === null ? null : at / RATE;
}
