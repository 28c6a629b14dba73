/**
 * Icecast 2 for bench/stream-listeners: run as nobody through runuser (it refuses root) with a
 * generated config, fed by ffmpeg encoding pink noise to MP3 128 kb/s in real time.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  commandName,
  descendants,
  freePort,
  RAISE_FD_LIMIT,
  removeScratch,
  scratchDir,
  sleep,
  spawnManaged,
  stopManaged,
  waitForPort,
} from '../support/processes.js';
import type { Side } from './side.js';

function commandPath(name: string): string | null {
  const found = spawnSync('bash', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

function icecastConfig(opts: {
  port: number;
  password: string;
  clients: number;
  logDir: string;
}): string {
  return `<icecast>
  <location>bench</location>
  <admin>bench@localhost</admin>
  <limits>
    <clients>${opts.clients}</clients>
    <sources>2</sources>
    <queue-size>262144</queue-size>
    <client-timeout>30</client-timeout>
    <header-timeout>15</header-timeout>
    <source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect>
    <burst-size>49152</burst-size>
  </limits>
  <authentication>
    <source-password>${opts.password}</source-password>
    <relay-password>${opts.password}</relay-password>
    <admin-user>admin</admin-user>
    <admin-password>${opts.password}</admin-password>
  </authentication>
  <hostname>127.0.0.1</hostname>
  <listen-socket>
    <port>${opts.port}</port>
    <bind-address>127.0.0.1</bind-address>
  </listen-socket>
  <fileserve>1</fileserve>
  <paths>
    <basedir>/usr/share/icecast2</basedir>
    <logdir>${opts.logDir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot>
    <adminroot>/usr/share/icecast2/admin</adminroot>
  </paths>
  <logging>
    <accesslog>access.log</accesslog>
    <errorlog>error.log</errorlog>
    <loglevel>2</loglevel>
  </logging>
  <security>
    <chroot>0</chroot>
  </security>
</icecast>
`;
}

/** Icecast as nobody plus its ffmpeg source; null (and why) when it cannot run here. */
export async function startIcecast(opts: {
  icecast: string;
  ffmpeg: string;
  /** Connections opening at a time. */
  inFlight: number;
  /** The most listeners the bench will open. */
  maxListeners: number;
}): Promise<
  { side: Side; stop: () => Promise<void>; errorLog: () => string[] } | { unavailable: string }
> {
  const runuser = commandPath('runuser');
  if (!fs.existsSync(opts.icecast)) return { unavailable: `${opts.icecast} not found` };
  if (!runuser) return { unavailable: 'runuser not found' };
  if (!fs.existsSync(opts.ffmpeg)) return { unavailable: `${opts.ffmpeg} not found` };
  if (process.getuid?.() !== 0) return { unavailable: 'runuser needs root to start icecast' };
  const ids = spawnSync('id', ['nobody'], { encoding: 'utf8' }).stdout;
  const uid = Number(/uid=(\d+)/.exec(ids)?.[1]);
  const gid = Number(/gid=(\d+)/.exec(ids)?.[1]);
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) return { unavailable: 'no user nobody' };

  const dir = scratchDir('queuecast-bench-icecast-');
  fs.chmodSync(dir, 0o755);
  const logDir = path.join(dir, 'log');
  fs.mkdirSync(logDir);
  fs.chownSync(logDir, uid, gid);
  const port = await freePort();
  const password = `bench-${Math.random().toString(36).slice(2)}`;
  const config = path.join(dir, 'icecast.xml');
  fs.writeFileSync(
    config,
    icecastConfig({
      port,
      password,
      clients: Math.max(6000, opts.maxListeners + 100),
      logDir,
    }),
  );
  fs.chmodSync(config, 0o644);

  // runuser's PAM session (pam_limits) puts the soft open-file limit back to 1024.
  const icecast = spawnManaged(
    runuser,
    [
      '-u',
      'nobody',
      '--',
      'bash',
      '-c',
      `${RAISE_FD_LIMIT}; exec "$@"`,
      'bash',
      opts.icecast,
      '-c',
      config,
    ],
    { stdio: ['ignore', 'ignore', 2] },
  );
  let source: ReturnType<typeof spawnManaged> | null = null;
  let pid: number | undefined;
  let logStart = 0;
  /** Warnings and errors icecast logged since it was ready. */
  const errorLog = () => {
    const text = fs.readFileSync(path.join(logDir, 'error.log'), 'latin1').slice(logStart);
    return text.split('\n').filter((line) => / (WARN|EROR) /.test(line));
  };
  const stop = async () => {
    if (source) await stopManaged(source, 5000);
    // icecast first, so that runuser ends with it rather than on a signal of its own
    if (pid !== undefined && icecast.exitCode === null) {
      const exited = new Promise((resolve) => icecast.once('exit', resolve));
      process.kill(pid, 'SIGTERM');
      await Promise.race([exited, sleep(5000)]);
    }
    await stopManaged(icecast, 5000);
    removeScratch(dir);
  };
  try {
    await waitForPort(port, 15_000, icecast);
    pid = [icecast.pid!, ...descendants(icecast.pid!)].find((p) => commandName(p) === 'icecast2');
    if (pid === undefined) throw new Error('icecast2 process not found under runuser');
    source = spawnManaged(
      opts.ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-re'],
        ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.3:sample_rate=44100'],
        ...['-ac', '2', '-c:a', 'libmp3lame', '-b:a', '128k'],
        ...['-content_type', 'audio/mpeg', '-f', 'mp3'],
        `icecast://source:${password}@127.0.0.1:${port}/live.mp3`,
      ],
      { stdio: ['ignore', 'ignore', 2] },
    );
    await waitForMount(port, '/live.mp3');
    // Long enough for a full 48 KB burst to be queued (3 s of audio), as on our side.
    await sleep(5000);
    logStart = fs.readFileSync(path.join(logDir, 'error.log'), 'latin1').length;
    return {
      side: { name: 'icecast', port, path: '/live.mp3', pid, inFlight: opts.inFlight },
      stop,
      errorLog,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForMount(port: number, mount: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const res = await fetch(`http://127.0.0.1:${port}${mount}`).catch(() => null);
    if (res?.ok) {
      await res.body?.cancel();
      return;
    }
    await res?.body?.cancel();
    await sleep(300);
  }
  throw new Error(`icecast mount ${mount} did not come up within 20 s`);
}
