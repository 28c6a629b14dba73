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
import net from 'node:net';
import {
  cpuPercent,
  machine,
  numberList,
  openFileLimit,
  parseArgs,
  rssMiB,
  sampleCpu,
  sleep,
} from './support/processes.js';
import { startStation } from './support/station.js';
import { startIcecast } from './stream-listeners/icecast.js';
import type { Side } from './stream-listeners/side.js';

const args = parseArgs();
const listenerCounts = numberList(args.get('listeners'), [100, 1000, 5000]);
const seconds = Number(args.get('seconds') ?? 30);
const inFlight = Number(args.get('in-flight') ?? 200);
const icecastInFlight = Number(args.get('icecast-in-flight') ?? 16);
const idleSeconds = Number(args.get('idle-seconds') ?? 10);
const withIcecast = args.get('icecast') !== '0';

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
  const icecast = await startIcecast({
    icecast: args.get('icecast-bin') || '/usr/bin/icecast2',
    ffmpeg: args.get('ffmpeg') || process.env.FFMPEG_PATH || '/usr/bin/ffmpeg',
    inFlight: icecastInFlight,
    maxListeners: Math.max(...listenerCounts),
  });
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
