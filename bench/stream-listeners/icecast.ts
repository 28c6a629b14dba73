/**
 * Icecast 2 for bench/stream-listeners and its source: ffmpeg in real time (-re), either
 * playing the demo tunes (the music Queuecast plays) to MP3 128 kb/s for Icecast and, as
 * Queuecast's encoder does, to HLS AAC 128 kb/s in a folder; or pink noise to MP3 only.
 */
import fs from 'node:fs';
import path from 'node:path';
import { concatList, type DemoMusic } from '../support/demo-music.js';
import { startIcecastServer } from '../support/icecast-server.js';
import {
  removeScratch,
  scratchDir,
  sleep,
  spawnManaged,
  stopManaged,
} from '../support/processes.js';
import type { Side } from './side.js';

/**
 * The demo tunes in a loop, or a concat list of them (`list`: see same-music.ts), or noise.
 */
export type IcecastSource = { music: DemoMusic; hls: boolean; list?: string } | 'noise';

function sourceArgs(source: IcecastSource, url: string, hlsDir: string | null): string[] {
  const input =
    source === 'noise'
      ? ['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.3:sample_rate=44100']
      : ['-f', 'concat', '-safe', '0', '-i', source.list ?? concatList(source.music, 100)];
  const hls = hlsDir
    ? [
        ...['-map', '0:a', '-ac', '2', '-c:a', 'aac', '-b:a', '128k'],
        ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '6'],
        ...['-hls_flags', 'delete_segments+program_date_time+omit_endlist+temp_file'],
        ...['-hls_segment_filename', path.join(hlsDir, 'live-%d.ts')],
        path.join(hlsDir, 'live.m3u8'),
      ]
    : [];
  return [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
    ...input,
    ...hls,
    ...['-map', '0:a', '-ac', '2', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '128k'],
    ...['-content_type', 'audio/mpeg', '-f', 'mp3', url],
  ];
}

/** Icecast as nobody plus its ffmpeg source; null (and why) when it cannot run here. */
export async function startIcecast(opts: {
  icecast: string;
  ffmpeg: string;
  source: IcecastSource;
  /** Connections opening at a time. */
  inFlight: number;
  /** The most listeners the bench will open. */
  maxListeners: number;
}): Promise<
  | {
      side: Omit<Side, 'roots' | 'partOf'>;
      sourcePid: number;
      /** When the source was started (epoch ms): its music plays in real time from then. */
      sourceStartedAt: number;
      stop: () => Promise<void>;
      errorLog: () => string[];
    }
  | { unavailable: string }
> {
  if (!fs.existsSync(opts.ffmpeg)) return { unavailable: `${opts.ffmpeg} not found` };
  const server = await startIcecastServer(opts);
  if ('unavailable' in server) return server;
  const hlsDir =
    opts.source !== 'noise' && opts.source.hls ? scratchDir('queuecast-bench-ice-hls-') : null;
  const sourceStartedAt = Date.now();
  const source = spawnManaged(
    opts.ffmpeg,
    sourceArgs(opts.source, server.sourceUrl('/live.mp3'), hlsDir),
    { stdio: ['ignore', 'ignore', 2] },
  );
  const stop = async () => {
    await stopManaged(source, 5000);
    await server.stop();
    if (hlsDir) removeScratch(hlsDir);
  };
  try {
    await server.waitForMount('/live.mp3');
    // Long enough for a full 48 KB burst to be queued (3 s of audio), as on our side.
    await sleep(5000);
    server.markLog();
    return {
      side: {
        name: 'icecast',
        port: server.port,
        path: '/live.mp3',
        pid: server.pid,
        inFlight: opts.inFlight,
      },
      sourcePid: source.pid!,
      sourceStartedAt,
      stop,
      errorLog: () => server.errorLog(),
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
