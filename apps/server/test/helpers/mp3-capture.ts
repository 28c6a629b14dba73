import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { decodeMono, RATE } from './pcm.js';

/** The MP3 stream is constant 128 kb/s: a byte offset is a time. */
export const MP3_BYTES_PER_SECOND = 16_000;
/**
 * A capture shorter than this holds no frame ffmpeg can decode yet (the stream is written in
 * flushes of half a second, the first may not have come): it decodes to nothing, not an error.
 */
const DECODABLE_BYTES = 2048;
/** -50 dBFS in 16-bit samples. */
export const MINUS_50_DB = 32768 * 10 ** (-50 / 20);

export interface TimedCapture {
  /** Every byte so far. */
  bytes(): Buffer;
  /** performance.now() when the byte at `offset` arrived, or null when it has not yet. */
  arrivalOf(offset: number): number | null;
  /** The capture so far decoded to mono PCM at 44.1 kHz. */
  decode(ffmpeg: string): Promise<Int16Array>;
  stop(): void;
}

/**
 * Listens to /stream/live.mp3 as a player would (retrying while it answers 503), keeping every
 * byte with the time it arrived.
 */
export async function captureMp3(base: string, timeoutMs = 10_000): Promise<TimedCapture> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(`${base}/stream/live.mp3`, resolve).on('error', reject),
    );
    if (res.statusCode === 200) return timed(res);
    res.resume();
    if (Date.now() > deadline) throw new Error(`/stream/live.mp3 answered ${res.statusCode}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function timed(res: http.IncomingMessage): TimedCapture {
  const chunks: Buffer[] = [];
  const arrivals: { end: number; at: number }[] = [];
  let total = 0;
  res.on('data', (d: Buffer) => {
    chunks.push(d);
    total += d.length;
    arrivals.push({ end: total, at: performance.now() });
  });
  res.on('error', () => undefined);
  const bytes = () => Buffer.concat(chunks);
  return {
    bytes,
    arrivalOf: (offset) => arrivals.find((a) => a.end > offset)?.at ?? null,
    async decode(ffmpeg) {
      if (total < DECODABLE_BYTES) return new Int16Array(0);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-capture-'));
      try {
        const file = path.join(dir, 'capture.mp3');
        fs.writeFileSync(file, bytes());
        return await decodeMono(ffmpeg, file);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    stop: () => res.destroy(),
  };
}

/** Seconds into `pcm` of the first 50 ms window louder than -50 dBFS RMS, or null. */
export function firstAudible(pcm: Int16Array, seconds = 0.05): number | null {
  const size = Math.round(RATE * seconds);
  for (let start = 0; start + size <= pcm.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += pcm[i]! * pcm[i]!;
    if (Math.sqrt(sum / size) > MINUS_50_DB) return start / RATE;
  }
  return null;
}

/** The longest run of samples below -50 dBFS between `from` and `to` seconds, in seconds. */
export function longestQuiet(pcm: Int16Array, from: number, to: number): number {
  let longest = 0;
  let run = 0;
  const end = Math.min(pcm.length, Math.floor(to * RATE));
  for (let i = Math.max(0, Math.floor(from * RATE)); i < end; i++) {
    run = Math.abs(pcm[i]!) < MINUS_50_DB ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest / RATE;
}
