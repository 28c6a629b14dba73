/**
 * A listener of an MP3 stream that knows when each sound arrived: every MPEG frame of the
 * stream is kept with the time (performance.now()) its last byte reached the listener, and
 * the stream is decoded as it comes by one ffmpeg process (mono, 44.1 kHz), so that decoded
 * sample s came out of frame ⌊s / 1152⌋ and arrived when that frame did.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { sleep } from '../support/processes.js';

export const RATE = 44_100;
const SAMPLES_PER_FRAME = 1152;

/** MPEG-1 Layer III bit rates (kb/s) by index, and sample rates by index. */
const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0];
const SAMPLE_RATES = [44_100, 48_000, 32_000, 0];

/** The length of an MPEG-1 Layer III frame whose header starts at `i`, or 0. */
function frameLength(b: Buffer, i: number): number {
  if (i + 4 > b.length) return 0;
  if (b[i] !== 0xff || (b[i + 1]! & 0xfe) !== 0xfa) return 0; // sync, MPEG-1, Layer III
  const bitrate = BITRATES[b[i + 2]! >> 4]!;
  const rate = SAMPLE_RATES[(b[i + 2]! >> 2) & 3]!;
  if (!bitrate || !rate) return 0;
  return Math.floor((144_000 * bitrate) / rate) + ((b[i + 2]! >> 1) & 1);
}

export interface Timeline {
  /** Arrival time of the frame that decoded sample `s` came from, or null if not yet. */
  arrivalOfSample(s: number): number | null;
  /** The first decoded sample of the first frame that arrived at or after `t`. */
  sampleArrivedAfter(t: number): number;
  /** Decoded mono PCM so far. */
  pcm(): Int16Array;
  /** Frames that arrived so far. */
  frames(): number;
  stop(): void;
}

/** Listens to `url` (retrying while it cannot connect or answers otherwise than 200). */
export async function listen(ffmpeg: string, url: string, timeoutMs = 30_000): Promise<Timeline> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await new Promise<http.IncomingMessage | null>((resolve) =>
      http.get(url, resolve).on('error', () => resolve(null)),
    );
    if (res?.statusCode === 200) return timeline(ffmpeg, res);
    res?.resume();
    if (Date.now() > deadline) throw new Error(`${url} answered ${res?.statusCode ?? 'nothing'}`);
    await sleep(100);
  }
}

function timeline(ffmpeg: string, res: http.IncomingMessage): Timeline {
  // Frame ends (arrival times), from the first frame whose next frame follows it.
  const arrivals: number[] = [];
  let pending = Buffer.alloc(0);
  let synced = false;
  const decoder: ChildProcess = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', '-probesize', '32', '-analyzeduration', '0'],
      ...['-f', 'mp3', '-i', 'pipe:0', '-f', 's16le', '-ac', '1', '-ar', String(RATE), 'pipe:1'],
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const pcmChunks: Buffer[] = [];
  let pcmBytes = 0;
  let pcmCache: Int16Array | null = null;
  decoder.stdout!.on('data', (d: Buffer) => {
    pcmChunks.push(d);
    pcmBytes += d.length;
    pcmCache = null;
  });
  decoder.stdin!.on('error', () => undefined);

  res.on('data', (d: Buffer) => {
    const at = performance.now();
    pending = Buffer.concat([pending, d]);
    let i = 0;
    if (!synced) {
      // The stream may start mid-frame (a burst from a ring buffer): find two frames in a row.
      for (; i + 4 <= pending.length; i++) {
        const n = frameLength(pending, i);
        if (n && frameLength(pending, i + n)) break;
      }
      if (i + 4 > pending.length) {
        pending = pending.subarray(Math.max(0, pending.length - 3));
        return;
      }
      synced = true;
      pending = pending.subarray(i);
      i = 0;
      // A leading Xing/Info frame is read by ffmpeg's demuxer and not decoded: skip it here too.
      const n = frameLength(pending, 0);
      const tag = pending.subarray(4, Math.min(n, 64)).toString('latin1');
      if (n && n <= pending.length && /Xing|Info/.test(tag)) pending = pending.subarray(n);
    }
    for (;;) {
      const n = frameLength(pending, i);
      if (!n) {
        if (i + 4 <= pending.length) {
          // Lost sync (should not happen on a clean stream): look for the next frame.
          i++;
          continue;
        }
        break;
      }
      if (i + n > pending.length) break;
      arrivals.push(at);
      decoder.stdin!.write(pending.subarray(i, i + n));
      i += n;
    }
    pending = pending.subarray(i);
  });
  res.on('error', () => undefined);

  return {
    arrivalOfSample: (s) => arrivals[Math.floor(s / SAMPLES_PER_FRAME)] ?? null,
    sampleArrivedAfter(t) {
      let lo = 0;
      let hi = arrivals.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (arrivals[mid]! < t) lo = mid + 1;
        else hi = mid;
      }
      return lo * SAMPLES_PER_FRAME;
    },
    pcm() {
      if (!pcmCache) {
        const b = Buffer.concat(pcmChunks);
        pcmChunks.length = 0;
        pcmChunks.push(b);
        pcmCache = new Int16Array(b.buffer, b.byteOffset, Math.floor(pcmBytes / 2));
      }
      return pcmCache;
    },
    frames: () => arrivals.length,
    stop() {
      res.destroy();
      decoder.kill('SIGKILL');
    },
  };
}
