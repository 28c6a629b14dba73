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
