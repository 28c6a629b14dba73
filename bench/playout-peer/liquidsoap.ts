/**
 * The peer station: Liquidsoap (AzuraCast's engine) playing a playlist of files into an
 * Icecast mount as MP3 128 kb/s and into an HLS folder as AAC 128 kb/s (2 s segments, 6 in
 * the playlist, as Queuecast's encoder), with Icecast beside it. Both run as nobody through
 * runuser: each refuses to run as root.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { DemoMusic } from '../support/demo-music.js';
import { commandPath, startIcecastServer, type IcecastServer } from '../support/icecast-server.js';
import {
  commandName,
  descendants,
  removeScratch,
  scratchDir,
  sleep,
  spawnManaged,
  stopManaged,
} from '../support/processes.js';

export interface PeerStation {
  icecast: IcecastServer;
  liquidsoapPid: number;
  hlsDir: string;
  version: string;
  stop(): Promise<void>;
}

const liq = (s: string) => JSON.stringify(s);

function script(opts: {
  playlist: string;
  hlsDir: string;
  port: number;
  password: string;
}): string {
  return `settings.log.stdout.set(true)
settings.log.file.set(false)
settings.log.level.set(3)
s = playlist(mode="normal", reload_mode="never", ${liq(opts.playlist)})
s = mksafe(s)
output.icecast(
  %mp3(bitrate=128, samplerate=44100, stereo=true),
  host="127.0.0.1", port=${opts.port}, password=${liq(opts.password)},
  mount="/live.mp3", s)
output.file.hls(
  playlist="live.m3u8", segment_duration=2.0, segments=6, segments_overhead=5,
  ${liq(opts.hlsDir)},
  [("live", %ffmpeg(format="mpegts", %audio(codec="aac", b="128k", ar=44100, channels=2)))],
  s)
`;
}

/** Icecast and Liquidsoap playing `music`, or why they cannot run here. */
export async function startPeerStation(opts: {
  icecast: string;
  liquidsoap: string;
  music: DemoMusic;
}): Promise<PeerStation | { unavailable: string }> {
  const runuser = commandPath('runuser');
  if (!fs.existsSync(opts.liquidsoap)) return { unavailable: `${opts.liquidsoap} not found` };
  if (!runuser) return { unavailable: 'runuser not found' };
  const icecast = await startIcecastServer({ icecast: opts.icecast, maxListeners: 100 });
  if ('unavailable' in icecast) return icecast;

  // Readable by nobody: the music, the playlist and the script; the HLS folder its own.
  const dir = scratchDir('queuecast-bench-liquidsoap-');
  const hlsDir = path.join(dir, 'hls');
  fs.mkdirSync(hlsDir);
  for (const d of [dir, opts.music.dir]) fs.chmodSync(d, 0o755);
  for (const f of opts.music.files) fs.chmodSync(f, 0o644);
  const playlist = path.join(dir, 'playlist.m3u');
  fs.writeFileSync(playlist, `${opts.music.files.join('\n')}\n`);
  const liqFile = path.join(dir, 'station.liq');
  fs.writeFileSync(
    liqFile,
    script({ playlist, hlsDir, port: icecast.port, password: icecast.password }),
  );
  fs.chmodSync(playlist, 0o644);
  fs.chmodSync(liqFile, 0o644);
  fs.chmodSync(hlsDir, 0o777);
  const logFile = path.join(dir, 'liquidsoap.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawnManaged(runuser, ['-u', 'nobody', '--', opts.liquidsoap, liqFile], {
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const version = /Liquidsoap ([\d.]+)/.exec(
    spawnSync(opts.liquidsoap, ['--version'], { encoding: 'utf8' }).stdout,
  )?.[1];
  let liquidsoapPid: number | undefined;
  const stop = async () => {
    if (liquidsoapPid !== undefined && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(liquidsoapPid, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    await stopManaged(child, 5000);
    await icecast.stop();
    removeScratch(dir);
  };
  const tail = () => fs.readFileSync(logFile, 'utf8').split('\n').slice(-15).join('\n');
  try {
    const deadline = Date.now() + 10_000;
    while (liquidsoapPid === undefined && Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`liquidsoap exited:\n${tail()}`);
      liquidsoapPid = descendants(child.pid!).find((p) => commandName(p) === 'liquidsoap');
      if (liquidsoapPid === undefined) await sleep(100);
    }
    if (liquidsoapPid === undefined) throw new Error('liquidsoap process not found under runuser');
    await icecast.waitForMount('/live.mp3').catch((err: unknown) => {
      throw new Error(`${String(err)}; liquidsoap's log:\n${tail()}`);
    });
    icecast.markLog();
  } catch (err) {
    await stop();
    throw err;
  }
  return { icecast, liquidsoapPid, hlsDir, version: version ?? 'unknown', stop };
}
