/**
 * bench/first-sound: how long a fresh station is silent. Starts the built server N times, each
 * on an empty DATA_DIR with the demo library (SQLite), listens to /stream/live.mp3 from the
 * moment /healthz answers, and prints the time from that answer to the first audible audio
 * (a 50 ms window above -50 dBFS RMS) arriving at the listener.
 * Run: npm run build && npm run first-sound -w bench -- [--runs 3]
 * Target: music within 5 s of the server answering HTTP.
 */
import http from 'node:http';
import path from 'node:path';
import { locateFfmpeg } from '../apps/server/src/media/ffmpeg-locate.js';
import { runProcess } from '../apps/server/src/media/run-process.js';
import {
  freePort,
  machine,
  parseArgs,
  removeScratch,
  scratchDir,
  sleep,
  spawnManaged,
  stopManaged,
} from './support/processes.js';
import { SERVER_MAIN } from './support/station.js';

const args = parseArgs();
const runs = Number(args.get('runs') ?? 3);
const RATE = 44_100;
const WINDOW_S = 0.05;
/** -50 dBFS RMS in 16-bit samples. */
const AUDIBLE = 32768 * 10 ** (-50 / 20);
const MP3_BYTES_PER_SECOND = 16_000;
const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH).ffmpeg;

/** Seconds into the PCM of the first audible window, or null. */
function firstAudible(pcm: Int16Array): number | null {
  const size = Math.round(RATE * WINDOW_S);
  for (let start = 0; start + size <= pcm.length; start += size) {
    let sum = 0;
    for (let i = start; i < start + size; i++) sum += pcm[i]! * pcm[i]!;
    if (Math.sqrt(sum / size) > AUDIBLE) return start / RATE;
  }
  return null;
}

async function decode(mp3: Buffer): Promise<Int16Array> {
  const result = await runProcess(
    ffmpeg,
    [
      ...['-hide_banner', '-v', 'error', '-f', 'mp3', '-i', 'pipe:0'],
      ...['-f', 's16le', '-ac', '1', '-ar', String(RATE), 'pipe:1'],
    ],
    { input: mp3 },
  );
  const b = result.stdout;
  return new Int16Array(b.buffer, b.byteOffset, Math.floor(b.length / 2));
}

/** One fresh start: seconds from /healthz answering to audible audio at the listener. */
async function once(): Promise<{ http: number; sound: number }> {
  const dataDir = scratchDir('queuecast-first-sound-');
  const port = await freePort();
  const spawned = performance.now();
  const child = spawnManaged(process.execPath, [SERVER_MAIN], {
    env: {
      ...process.env,
      DATA_DIR: path.join(dataDir, 'data'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DEMO_LIBRARY: '1',
      STATION: '1',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 2, 2],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    let answered = 0;
    while (!answered) {
      if (performance.now() - spawned > 60_000) throw new Error('no /healthz within 60 s');
      const ok = await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) answered = performance.now();
      else await sleep(20);
    }
    // Every byte with the time it arrived; the stream is CBR, so a byte offset is a time.
    const chunks: Buffer[] = [];
    const arrivals: { end: number; at: number }[] = [];
    let total = 0;
    let checked = 0;
    for (;;) {
      if (performance.now() - answered > 60_000) throw new Error('no sound within 60 s');
      const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http.get(`${base}/stream/live.mp3`, resolve).on('error', reject),
      );
      if (res.statusCode !== 200) {
        res.resume();
        await sleep(20);
        continue;
      }
      res.on('data', (d: Buffer) => {
        chunks.push(d);
        total += d.length;
        arrivals.push({ end: total, at: performance.now() });
      });
      while (performance.now() - answered < 60_000) {
        await sleep(250);
        if (total - checked < MP3_BYTES_PER_SECOND / 2) continue;
        checked = total;
        const at = firstAudible(await decode(Buffer.concat(chunks)));
        if (at === null) continue;
        const byte = Math.floor(at * MP3_BYTES_PER_SECOND);
        const arrived = arrivals.find((a) => a.end > byte)!.at;
        res.destroy();
        return { http: (answered - spawned) / 1000, sound: (arrived - answered) / 1000 };
      }
      res.destroy();
      throw new Error('no sound within 60 s');
    }
  } finally {
    await stopManaged(child);
    removeScratch(dataDir);
  }
}

async function main(): Promise<void> {
  console.log(`bench/first-sound — ${runs} fresh starts (SQLite, demo library); ${machine()}`);
  console.log('  run   HTTP answered after s   first sound after HTTP s');
  const sounds: number[] = [];
  for (let i = 1; i <= runs; i++) {
    const r = await once();
    sounds.push(r.sound);
    console.log(
      `  ${String(i).padStart(3)} ${r.http.toFixed(2).padStart(23)} ${r.sound.toFixed(2).padStart(26)}`,
    );
  }
  console.log(
    `\n  first sound after HTTP: best ${Math.min(...sounds).toFixed(2)} s, worst ` +
      `${Math.max(...sounds).toFixed(2)} s (target ≤ 5)`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
