/**
 * Icecast 2 for the benches: run as nobody through runuser (it refuses root) with a generated
 * config (48 KB burst on connect and a 256 KB queue, as Queuecast's MP3 stream), on a free
 * port. Sources connect with `sourceUrl(mount)`.
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
} from './processes.js';

export function commandPath(name: string): string | null {
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

export interface IcecastServer {
  port: number;
  password: string;
  /** The icecast2 process (under runuser). */
  pid: number;
  /** `icecast://source:…@127.0.0.1:port/mount`, for ffmpeg. */
  sourceUrl(mount: string): string;
  /** Resolves once `mount` serves audio (a source is connected). */
  waitForMount(mount: string): Promise<void>;
  /** Warnings and errors icecast logged since `markLog` (or since it started). */
  errorLog(): string[];
  markLog(): void;
  stop(): Promise<void>;
}

/** Icecast as nobody, or why it cannot run here. */
export async function startIcecastServer(opts: {
  icecast: string;
  /** The most listeners it must take. */
  maxListeners: number;
}): Promise<IcecastServer | { unavailable: string }> {
  const runuser = commandPath('runuser');
  if (!fs.existsSync(opts.icecast)) return { unavailable: `${opts.icecast} not found` };
  if (!runuser) return { unavailable: 'runuser not found' };
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
  let pid: number | undefined;
  let logStart = 0;
  const errorLog = () => {
    const text = fs.readFileSync(path.join(logDir, 'error.log'), 'latin1').slice(logStart);
    return text.split('\n').filter((line) => / (WARN|EROR) /.test(line));
  };
  const stop = async () => {
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
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    port,
    password,
    pid,
    sourceUrl: (mount) => `icecast://source:${password}@127.0.0.1:${port}${mount}`,
    waitForMount: (mount) => waitForMount(port, mount),
    errorLog,
    markLog: () => {
      logStart = fs.readFileSync(path.join(logDir, 'error.log'), 'latin1').length;
    },
    stop,
  };
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
