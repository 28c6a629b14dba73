/**
 * bench/stream-listeners: the continuous MP3 (/stream/live.mp3) under N listeners, and Icecast 2
 * under the same load beside it. Each listener is a raw TCP socket that writes a GET and counts
 * bytes (no HTTP client: the load generator shares the machine's cores with the servers), and
 * models a player: from its first audio byte it prebuffers 1 s (16,000 bytes at 128 kb/s), then
 * plays 16,000 bytes/s; when what it has played would pass what it has received, that is an
 * underrun, and it prebuffers 1 s again. A window of `--seconds` starts once every listener has
 * its first bytes (listeners play from their first byte to the end of the window); the server
 * process's CPU (utime + stime from /proc/<pid>/stat, % of one core) is taken over the window
 * and its RSS at its end.
 *
 * Icecast runs as nobody (it refuses root) with a generated config: 48 KB burst on connect, as
 * ours, a 256 KB queue, as our drop threshold. Its source is ffmpeg encoding pink noise to MP3
 * 128 kb/s CBR 44.1 kHz stereo in real time, the format of the station's MP3. Icecast 2.4
 * listens with a backlog of 5 (not configurable) and takes ~180 ms to start each listener, so
 * its listeners are opened 16 at a time (~50/s): more overflow its accept queue and the kernel's
 * SYN retransmission backoff makes the ramp slower, not faster. Only the window after the ramp
 * is measured.
 *
 * Run: npm run stream-listeners -w bench -- [--listeners 100,1000,5000] [--seconds 30]
 *        [--in-flight 200] [--icecast-in-flight 16] [--idle-seconds 10] [--icecast 0]
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import {
  commandName,
  cpuPercent,
  descendants,
  freePort,
  machine,
  numberList,
  openFileLimit,
  parseArgs,
  RAISE_FD_LIMIT,
  removeScratch,
  rssMiB,
  scratchDir,
  sampleCpu,
  sleep,
  spawnManaged,
  stopManaged,
  waitForPort,
} from './support/processes.js';
import { startStation } from './support/station.js';

const args = parseArgs();
const listenerCounts = numberList(args.get('listeners'), [100, 1000, 5000]);
const seconds = Number(args.get('seconds') ?? 30);
const inFlight = Number(args.get('in-flight') ?? 200);
const icecastInFlight = Number(args.get('icecast-in-flight') ?? 16);
const idleSeconds = Number(args.get('idle-seconds') ?? 10);
const withIcecast = args.get('icecast') !== '0';
const ICECAST = args.get('icecast-bin') || '/usr/bin/icecast2';
const FFMPEG = args.get('ffmpeg') || process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';

const BYTES_PER_MS = 16; // 128 kb/s
const PREBUFFER_BYTES = 16_000;
const FIRST_BYTE_TIMEOUT_MS = 30_000;
const TARGETS = { noUnderrunsAt: 5000, cpuRatio: 1.5 };

/** One listener's socket and the player it feeds. */
class Listener {
  status: 'connecting' | 'playing' | 'failed' | 'dropped' = 'connecting';
  private header = '';
  private headerDone = false;
  audioBytes = 0;
  windowStartBytes = 0;
  underruns = 0;
  private playing = false;
  private playStart = 0;
  /** Bytes played before the current stretch of playback. */
  private playedBefore = 0;
  private resumeAt = PREBUFFER_BYTES;
  socket: net.Socket | null = null;

  constructor(private readonly settle: (l: Listener) => void) {}

  onData(chunk: Uint8Array, length: number): void {
    const now = performance.now();
    let start = 0;
    if (!this.headerDone) {
      this.header += Buffer.from(chunk.buffer, chunk.byteOffset, length).toString('latin1');
      const end = this.header.indexOf('\r\n\r\n');
      if (end === -1) {
        if (this.header.length > 16_384) this.fail();
        return;
      }
      if (!/^HTTP\/1\.[01] 200/.test(this.header)) return this.fail();
      this.headerDone = true;
      start = length - (this.header.length - (end + 4));
    }
    const n = length - start;
    if (n <= 0) return;
    if (
      this.playing &&
      this.playedBefore + (now - this.playStart) * BYTES_PER_MS > this.audioBytes
    ) {
      this.underruns++;
      this.playing = false;
      this.playedBefore = this.audioBytes;
      this.resumeAt = this.audioBytes + PREBUFFER_BYTES;
    }
    this.audioBytes += n;
    if (!this.playing && this.audioBytes >= this.resumeAt) {
      this.playing = true;
      this.playStart = now;
    }
    if (this.status === 'connecting') {
      this.status = 'playing';
      this.settle(this);
    }
  }

  /** The end of the window: a player that has run dry is in an underrun too. */
  finish(now: number): void {
    if (
      this.playing &&
      this.playedBefore + (now - this.playStart) * BYTES_PER_MS > this.audioBytes
    ) {
      this.underruns++;
    }
  }

  fail(): void {
    if (this.status !== 'connecting') return;
    this.status = 'failed';
    this.socket?.destroy();
    this.settle(this);
  }

  closed(): void {
    if (this.status === 'playing') this.status = 'dropped';
    else this.fail();
  }
}

interface Side {
  name: string;
  port: number;
  path: string;
  pid: number;
  /** Connections opening at a time. */
  inFlight: number;
}

interface Result {
  side: string;
  listeners: number;
  connected: number;
  failed: number;
  dropped: number;
  underrunClients: number;
  underrunEvents: number;
  windowBytes: number;
  kBpsPerListener: number;
  cpu: number;
  rss: number;
  loadGenCpu: number;
  rampS: number;
}

async function runListeners(side: Side, n: number): Promise<Result> {
  const shared = Buffer.allocUnsafe(64 * 1024);
  const rampStart = performance.now();
  const request = Buffer.from(
    `GET ${side.path} HTTP/1.1\r\nHost: 127.0.0.1:${side.port}\r\n` +
      `User-Agent: queuecast-bench\r\nAccept: */*\r\n\r\n`,
  );
  const listeners: Listener[] = [];
  let next = 0;
  let pending = 0;
  let ending = false;
  await new Promise<void>((resolve) => {
    const launch = () => {
      for (; pending < side.inFlight && next < n; next++) open();
      if (pending === 0 && next >= n) resolve();
    };
    const settle = () => {
      pending--;
      launch();
    };
    const open = () => {
      pending++;
      const listener = new Listener(settle);
      listeners.push(listener);
      const socket = net.connect({
        host: '127.0.0.1',
        port: side.port,
        onread: {
          buffer: shared,
          callback: (length, buf) => {
            listener.onData(buf, length);
            return true;
          },
        },
      });
      listener.socket = socket;
      socket.on('connect', () => socket.write(request));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!ending) listener.closed();
      });
      setTimeout(() => listener.fail(), FIRST_BYTE_TIMEOUT_MS).unref();
    };
    launch();
  });

  const rampS = (performance.now() - rampStart) / 1000;
  for (const l of listeners) l.windowStartBytes = l.audioBytes;
  const cpu0 = sampleCpu(side.pid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  await sleep(seconds * 1000);
  const cpu1 = sampleCpu(side.pid);
  const own = process.cpuUsage(own0);
  const elapsedS = (performance.now() - t0) / 1000;
  const rss = rssMiB(side.pid);
  ending = true;
  const now = performance.now();
  for (const l of listeners) if (l.status === 'playing') l.finish(now);
  for (const l of listeners) l.socket?.destroy();

  const connected = listeners.filter((l) => l.status !== 'failed' && l.status !== 'connecting');
  const windowBytes = connected.reduce((s, l) => s + l.audioBytes - l.windowStartBytes, 0);
  const result: Result = {
    side: side.name,
    listeners: n,
    connected: connected.length,
    failed: n - connected.length,
    dropped: listeners.filter((l) => l.status === 'dropped').length,
    underrunClients: listeners.filter((l) => l.underruns > 0).length,
    underrunEvents: listeners.reduce((s, l) => s + l.underruns, 0),
    windowBytes,
    kBpsPerListener: connected.length ? windowBytes / connected.length / elapsedS / 1000 : 0,
    cpu: cpuPercent(cpu0, cpu1),
    rss,
    loadGenCpu: ((own.user + own.system) / 1e6 / elapsedS) * 100,
    rampS,
  };
  // Let the server see the sockets go before the next round.
  await sleep(3000);
  return result;
}

async function idleCpu(pid: number): Promise<number> {
  const a = sampleCpu(pid);
  await sleep(idleSeconds * 1000);
  return cpuPercent(a, sampleCpu(pid));
}

function summary(r: Result): string {
  return (
    `${r.side} N=${r.listeners}: ${r.connected} connected in ${r.rampS.toFixed(1)} s ` +
    `(${r.failed} failed, ${r.dropped} dropped); ` +
    `underruns ${r.underrunEvents} in ${r.underrunClients} listeners; ` +
    `${(r.windowBytes / 1e6).toFixed(1)} MB received in the window, ` +
    `${r.kBpsPerListener.toFixed(1)} kB/s per listener; server CPU ${r.cpu.toFixed(1)}% of a core, ` +
    `RSS ${r.rss.toFixed(0)} MiB; load generator CPU ${r.loadGenCpu.toFixed(0)}%`
  );
}

async function runSide(side: Side, idle: Map<string, number>, results: Result[]) {
  console.log(
    `\n${side.name}: pid ${side.pid}, open-file limit ${openFileLimit(side.pid)}, ` +
      `idle RSS ${rssMiB(side.pid).toFixed(0)} MiB, listeners opened ${side.inFlight} at a time`,
  );
  const idleCpuPct = await idleCpu(side.pid);
  idle.set(side.name, idleCpuPct);
  console.log(`  no listeners: CPU ${idleCpuPct.toFixed(1)}% of a core over ${idleSeconds} s`);
  for (const n of listenerCounts) {
    const r = await runListeners(side, n);
    results.push(r);
    console.log(summary(r));
  }
}

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
async function startIcecast(): Promise<
  { side: Side; stop: () => Promise<void>; errorLog: () => string[] } | { unavailable: string }
> {
  const runuser = commandPath('runuser');
  if (!fs.existsSync(ICECAST)) return { unavailable: `${ICECAST} not found` };
  if (!runuser) return { unavailable: 'runuser not found' };
  if (!fs.existsSync(FFMPEG)) return { unavailable: `${FFMPEG} not found` };
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
      clients: Math.max(6000, ...listenerCounts.map((n) => n + 100)),
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
      ICECAST,
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
      FFMPEG,
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
      side: { name: 'icecast', port, path: '/live.mp3', pid, inFlight: icecastInFlight },
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

console.log(
  `bench/stream-listeners — ${machine()}\n` +
    `  listeners ${listenerCounts.join(', ')}; window ${seconds} s after the last listener's first ` +
    `bytes; player: 1 s prebuffer, ` +
    `16,000 B/s\n  load generator: this process, one raw TCP socket per listener (net, shared ` +
    `read buffer, no HTTP parser), on the same cores as the server`,
);
const results: Result[] = [];
const idle = new Map<string, number>();

const station = await startStation();
try {
  await runSide(
    {
      name: 'queuecast',
      port: Number(new URL(station.baseUrl).port),
      path: '/stream/live.mp3',
      pid: station.pid,
      inFlight,
    },
    idle,
    results,
  );
} finally {
  await station.stop();
}

if (!withIcecast) {
  console.log('\nicecast: skipped (--icecast 0)');
} else {
  const icecast = await startIcecast();
  if ('unavailable' in icecast) {
    console.log(`\nICECAST NOT RUN: ${icecast.unavailable}; Queuecast's side only`);
  } else {
    try {
      await runSide(icecast.side, idle, results);
      const problems = icecast.errorLog();
      if (problems.length > 0) {
        console.log(`  icecast error.log, warnings and errors (last 5 of ${problems.length}):`);
        for (const line of problems.slice(-5)) console.log(`    ${line}`);
      }
    } finally {
      await icecast.stop();
    }
  }
}

const columns: [string, (r: Result) => string | number][] = [
  ['listeners', (r) => r.listeners],
  ['server', (r) => r.side],
  ['connected', (r) => r.connected],
  ['failed', (r) => r.failed],
  ['dropped', (r) => r.dropped],
  ['underrun listeners', (r) => r.underrunClients],
  ['underruns', (r) => r.underrunEvents],
  ['kB/s each', (r) => r.kBpsPerListener.toFixed(1)],
  ['CPU % core', (r) => r.cpu.toFixed(1)],
  ['RSS MiB', (r) => r.rss.toFixed(0)],
  ['loadgen CPU %', (r) => r.loadGenCpu.toFixed(0)],
];
console.log(`\n${columns.map(([h]) => h.padStart(10)).join(' ')}`);
for (const n of listenerCounts) {
  for (const r of results.filter((x) => x.listeners === n)) {
    console.log(columns.map(([h, f]) => String(f(r)).padStart(Math.max(10, h.length))).join(' '));
  }
}
console.log(
  `idle CPU (no listeners): ${[...idle].map(([s, v]) => `${s} ${v.toFixed(1)}%`).join(', ')}`,
);

const ours = results.find((r) => r.side === 'queuecast' && r.listeners === TARGETS.noUnderrunsAt);
if (ours) {
  const met = ours.underrunEvents === 0 && ours.dropped === 0 && ours.failed === 0;
  console.log(
    `target: no underruns at ${TARGETS.noUnderrunsAt} listeners (Queuecast) — ${met ? 'met' : 'NOT met'} ` +
      `(${ours.underrunEvents} underruns in ${ours.underrunClients} listeners, ${ours.dropped} dropped, ${ours.failed} failed)`,
  );
}
for (const n of listenerCounts) {
  const q = results.find((r) => r.side === 'queuecast' && r.listeners === n);
  const i = results.find((r) => r.side === 'icecast' && r.listeners === n);
  if (!q || !i) continue;
  const ratio = q.cpu / i.cpu;
  // Queuecast's process also runs the playout; above idle is what the listeners cost.
  const qAbove = q.cpu - (idle.get('queuecast') ?? 0);
  const iAbove = i.cpu - (idle.get('icecast') ?? 0);
  console.log(
    `target: Queuecast CPU <= ${TARGETS.cpuRatio}x Icecast's at ${n} — ` +
      `${ratio <= TARGETS.cpuRatio ? 'met' : 'NOT met'} (${q.cpu.toFixed(1)}% vs ${i.cpu.toFixed(1)}%, ${ratio.toFixed(2)}x; ` +
      `above idle ${qAbove.toFixed(1)}% vs ${iAbove.toFixed(1)}%, ${(qAbove / iAbove).toFixed(2)}x)`,
  );
}
