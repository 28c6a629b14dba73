/**
 * The encoder-only floor: ffmpeg alone turning the station's PCM (the demo tunes decoded once
 * beforehand, 44.1 kHz stereo s16, played in real time and looped) into the station's two
 * outputs, MP3 128 kb/s and HLS AAC 128 kb/s in 2 s segments, 6 listed. Nothing a station
 * does beyond that (choosing songs, its clock, its listeners) is in it.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { DemoMusic } from '../support/demo-music.js';
import { concatList } from '../support/demo-music.js';
import { removeScratch, scratchDir, spawnManaged, stopManaged } from '../support/processes.js';

export interface Floor {
  pid: number;
  stop(): Promise<void>;
}

/** The demo tunes decoded once, one after another, into `pcm` (s16le, 44.1 kHz stereo). */
export function decodeTunes(ffmpeg: string, music: DemoMusic, pcm: string): void {
  const decoded = spawnSync(ffmpeg, [
    ...['-hide_banner', '-v', 'error', '-f', 'concat', '-safe', '0'],
    ...['-i', concatList(music, 1), '-f', 's16le', '-ar', '44100', '-ac', '2', pcm],
  ]);
  if (decoded.status !== 0) throw new Error(`decoding the tunes failed: ${String(decoded.stderr)}`);
}

export function startFloor(ffmpeg: string, music: DemoMusic): Floor {
  const dir = scratchDir('queuecast-bench-floor-');
  const pcm = path.join(dir, 'tunes.pcm');
  decodeTunes(ffmpeg, music, pcm);
  const child = spawnManaged(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-y', '-v', 'error', '-re', '-stream_loop', '-1'],
      ...['-f', 's16le', '-ar', '44100', '-ac', '2', '-i', pcm],
      ...['-map', '0:a', '-c:a', 'aac', '-b:a', '128k'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '6', '-hls_flags', 'delete_segments'],
      path.join(dir, 'live.m3u8'),
      ...['-map', '0:a', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', '/dev/null'],
    ],
    { stdio: ['ignore', 'ignore', 2] },
  );
  const stop = async () => {
    await stopManaged(child);
    removeScratch(dir);
  };
  return { pid: child.pid!, stop };
}
