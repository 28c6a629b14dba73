/**
 * bench/transitions: does the station sound right? Records the MP3 output of a fresh station
 * (demo library) for some minutes, then prints, for every transition, the longest silence
 * around it, and for every whole track, its integrated loudness (EBU R128) in the output.
 * Silence that is already in the song files (a tune's last note dying away) is measured in
 * the sources too, so the station's own share of a gap is told apart.
 * Run: npm run build && npm run transitions -w bench -- [--minutes 10]
 * Targets: no gap over 50 ms added at a transition; every track within ±1 LU of -16 LUFS.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import type { PlaybackUpdate } from '@queuecast/contract';
import WebSocket from 'ws';
import { analyzeAudio, TARGET_LUFS } from '../apps/server/src/media/analyze.js';
import { locateFfmpeg } from '../apps/server/src/media/ffmpeg-locate.js';
import { runProcess } from '../apps/server/src/media/run-process.js';
import { startStation } from './support/station.js';

const args = new Map(
  process.argv
    .slice(2)
    .flatMap((a, i, all) => (a.startsWith('--') ? [[a.slice(2), all[i + 1] ?? '']] : [])),
);
const minutes = Number(args.get('minutes') ?? 10);
const RATE = 44_100;
/** Below this (about -60 dBFS) on both channels, a sample is silence. */
const SILENT = 33;
/** Seconds searched on each side of a transition for the silence spanning it. */
const WINDOW = 1.5;
const MP3_BYTES_PER_SECOND = 16_000;

interface Track {
  queueId: number;
  songId: number;
  title: string;
  start: number;
  length: number;
}

const ffmpeg = locateFfmpeg(process.env.FFMPEG_PATH).ffmpeg;

async function decodeStereo(file: string, extra: string[] = []): Promise<Int16Array> {
  const result = await runProcess(ffmpeg, [
    ...['-hide_banner', '-v', 'error', ...extra, '-i', file],
    ...['-f', 's16le', '-ac', '2', '-ar', String(RATE), 'pipe:1'],
  ]);
  if (result.code !== 0) throw new Error(`could not decode ${file}: ${result.stderr}`);
  const b = result.stdout;
  return new Int16Array(b.buffer, b.byteOffset, Math.floor(b.length / 2));
}

const silentAt = (pcm: Int16Array, frame: number) =>
  Math.abs(pcm[2 * frame]!) < SILENT && Math.abs(pcm[2 * frame + 1]!) < SILENT;

/** Longest run of silent frames between two times (seconds), in seconds. */
function longestSilence(pcm: Int16Array, from: number, to: number): number {
  let longest = 0;
  let run = 0;
  const end = Math.min(pcm.length / 2, Math.floor(to * RATE));
  for (let f = Math.max(0, Math.floor(from * RATE)); f < end; f++) {
    run = silentAt(pcm, f) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest / RATE;
}

/** Silence at the start and at the end of a source, as the station plays it. */
async function edgeSilence(file: string): Promise<{ lead: number; tail: number }> {
  const pcm = await decodeStereo(file);
  const frames = pcm.length / 2;
  let lead = 0;
  while (lead < frames && silentAt(pcm, lead)) lead++;
  let tail = 0;
  while (tail < frames && silentAt(pcm, frames - 1 - tail)) tail++;
  return { lead: lead / RATE, tail: tail / RATE };
}

function wav(pcm: Int16Array): Buffer {
  const data = Buffer.from(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVEfmt ', 8);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(2, 22);
  h.writeUInt32LE(RATE, 24);
  h.writeUInt32LE(RATE * 4, 28);
  h.writeUInt16LE(4, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

async function main(): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'queuecast-transitions-'));
  const dataDir = path.join(work, 'data');
  console.log(
    `bench/transitions — ${minutes} min of /stream/live.mp3 from a fresh station (demo library); ` +
      `${os.cpus().length} cores, node ${process.version}`,
  );
  const station = await startStation({ DATA_DIR: dataDir });
  const tracks = new Map<number, Track>();
  const ws = new WebSocket(station.wsUrl);
  ws.on('message', (data: Buffer) => {
    const u = JSON.parse(data.toString('utf8')) as PlaybackUpdate;
    const now = u.now_playing;
    if (now?.queue_id !== undefined && now.start_time !== undefined) {
      tracks.set(now.queue_id, {
        queueId: now.queue_id,
        songId: now.id,
        title: now.title,
        start: now.start_time,
        length: now.length,
      });
    }
  });

  const capture = path.join(work, 'capture.mp3');
  const out = fs.createWriteStream(capture);
  let connectedAt = 0;
  let burst = 0;
  const req = http.get(`${station.baseUrl}/stream/live.mp3`, (res) => {
    connectedAt = Date.now() / 1000;
    res.on('data', (d: Buffer) => {
      if (Date.now() / 1000 - connectedAt < 0.05) burst += d.length;
      out.write(d);
    });
    res.on('error', () => undefined);
  });
  req.on('error', (err) => console.error(err));
  const totalMs = minutes * 60_000;
  for (let left = totalMs; left > 0; left -= 60_000) {
    await new Promise((r) => setTimeout(r, Math.min(60_000, left)));
    console.log(`  recorded ${Math.round((totalMs - left + Math.min(60_000, left)) / 60_000)} min`);
  }
  req.destroy();
  out.end();
  ws.terminate();
  const files = new SqliteDatabase(path.join(dataDir, 'queuecast.db'), { readonly: true })
    .prepare('select song_id, stored_path from files where song_id is not null order by id')
    .all() as { song_id: number; stored_path: string }[];
  await station.stop();

  // The burst is the newest audio the server had; its last byte was encoded about now.
  const t0 = connectedAt - burst / MP3_BYTES_PER_SECOND - 0.15;
  const pcm = await decodeStereo(capture);
  const recorded = pcm.length / 2 / RATE;
  const sourceOf = new Map(
    files.map((f) => [f.song_id, path.join(dataDir, 'media', f.stored_path)]),
  );
  const ordered = [...tracks.values()].sort((a, b) => a.start - b.start);
  const inCapture = (t: Track) => t.start - t0 >= 0 && t.start + t.length - t0 <= recorded;

  console.log(`\n  recorded ${recorded.toFixed(1)} s, ${ordered.length} tracks started meanwhile`);
  console.log('  transition                         silence ms   in sources ms   added ms');
  let worstAdded = 0;
  for (let i = 1; i < ordered.length; i++) {
    const [a, b] = [ordered[i - 1]!, ordered[i]!];
    const at = b.start - t0;
    if (at - WINDOW < 0 || at + WINDOW > recorded) continue;
    const heard = longestSilence(pcm, at - WINDOW, at + WINDOW);
    const [sa, sb] = await Promise.all([
      edgeSilence(sourceOf.get(a.songId)!),
      edgeSilence(sourceOf.get(b.songId)!),
    ]);
    const inSources = sa.tail + sb.lead;
    const added = Math.max(0, heard - inSources);
    worstAdded = Math.max(worstAdded, added);
    const name = `${a.title} → ${b.title}`.slice(0, 34).padEnd(34);
    console.log(
      `  ${name} ${(heard * 1000).toFixed(0).padStart(10)} ${(inSources * 1000).toFixed(0).padStart(15)} ${(added * 1000).toFixed(0).padStart(10)}`,
    );
  }

  console.log(`\n  track (whole in the recording)     length s   output LUFS   vs target`);
  let worstLu = 0;
  for (const t of ordered.filter(inCapture)) {
    // Half a second in from each end, to stay clear of the transition estimate's error.
    const from = Math.floor((t.start - t0 + 0.5) * RATE);
    const to = Math.floor((t.start + t.length - t0 - 0.5) * RATE);
    const file = path.join(work, `track-${t.queueId}.wav`);
    fs.writeFileSync(file, wav(pcm.subarray(2 * from, 2 * to)));
    const { lufs } = await analyzeAudio(ffmpeg, file, 'wav', { maxSeconds: 3600, cpuSeconds: 120 });
    worstLu = Math.max(worstLu, Math.abs(lufs - TARGET_LUFS));
    console.log(
      `  ${t.title.slice(0, 34).padEnd(34)} ${t.length.toFixed(0).padStart(9)} ${lufs.toFixed(1).padStart(13)} ${(lufs - TARGET_LUFS).toFixed(1).padStart(11)}`,
    );
  }
  console.log(
    `\n  longest silence added at a transition: ${(worstAdded * 1000).toFixed(0)} ms (target ≤ 50); ` +
      `largest loudness deviation: ${worstLu.toFixed(2)} LU (target ≤ 1)`,
  );
  fs.rmSync(work, { recursive: true, force: true });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
