/**
 * bench/stream-listeners: the continuous MP3 (/stream/live.mp3) under N listeners, and Icecast 2
 * under the same load beside it. Each listener is a raw TCP socket that writes a GET and counts
 * bytes (no HTTP client: the load generator shares the machine's cores with the servers), and
 * models a player: from its first audio byte it prebuffers 1 s (16,000 bytes at 128 kb/s), then
 * plays 16,000 bytes/s; when what it has played would pass what it has received, that is an
 * underrun, and it prebuffers 1 s again. A window of `--seconds` starts once every listener has
 * its first bytes (listeners play from their first byte to the end of the window); CPU (utime +
 * stime from /proc/<pid>/stat, % of one core) is taken over the window, and memory: the server's
 * RSS read every second of the window (its mean, peak and last reading), and at the window's end
 * the RSS of the process holding the listeners' sockets and each side's PSS (shared pages
 * divided among their processes).
 *
 * What is compared: each side's every process, the ones serving the listeners and the ones
 * making the stream. Queuecast's server process runs the playout clock and hands each listener
 * to its MP3 listener process (MP3_PROCESSES, one on a machine with several cores), which
 * writes the stream to the sockets; its ffmpeg children decode the tracks and encode MP3 and
 * HLS AAC; Icecast's side is icecast2 and an ffmpeg source playing the same demo tunes in real
 * time to MP3 for Icecast and HLS AAC to a folder, as Queuecast's encoder does. The target is
 * judged on the whole sides; each part is printed, and the serving process alone is compared
 * too. Encoding costs more for some tunes than for others (up to 2.5 times), so in each of its
 * windows Icecast's source plays what Queuecast played in the matching one, from the same
 * second (stream-listeners/same-music.ts); each window's music is printed.
 *
 * Icecast runs as nobody (it refuses root) with a generated config: 48 KB burst on connect, as
 * ours, a 256 KB queue, as our drop threshold. Icecast 2.4
 * listens with a backlog of 5 (not configurable) and takes ~180 ms to start each listener, so
 * its listeners are opened 16 at a time (~50/s): more overflow its accept queue and the kernel's
 * SYN retransmission backoff makes the ramp slower, not faster. Only the window after the ramp
 * is measured.
 *
 * Run: npm run stream-listeners -w bench -- [--listeners 100,1000,5000] [--seconds 30]
 *        [--in-flight 200] [--icecast-in-flight 16] [--idle-seconds 10] [--icecast 0]
 *        [--icecast-source music|music-mp3-only|noise] [--node-floor 0] [--server path/to/main.js]
 *        [--mp3-from N] (the server's MP3_PROCESSES_FROM; its default otherwise)
 *
 * `--server` measures another build of the server (default: apps/server/dist/main.js).
 *
 * A third side, the Node floor (`stream-listeners/node-floor-server.ts`): `node:http` alone
 * writing the same bytes to the same listeners, no framework and no playout. It shows what
 * any Node.js server holding these listeners costs, which bounds what Queuecast's can.
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
import { makeDemoMusic } from './support/demo-music.js';
import { sampleTrees, treeMemory, treePercent } from './support/proc-tree.js';
import { SERVER_ARENAS, SERVER_MAIN, startStation } from './support/station.js';
import { startIcecast, type IcecastSource } from './stream-listeners/icecast.js';
import {
  describe,
  icecastProgramme,
  matchedMusic,
  OnAirLog,
  type Programme,
  type Span,
} from './stream-listeners/same-music.js';
import { startNodeFloor } from './stream-listeners/node-floor.js';
import { Listener } from './stream-listeners/listener.js';
import { icecastParts, LISTENER_PROCESS, queuecastParts } from './stream-listeners/parts.js';
import {
  printReport,
  showParts,
  summary,
  type Idle,
  type Result,
  type Targets,
} from './stream-listeners/report.js';
import type { Side } from './stream-listeners/side.js';

const args = parseArgs();
const listenerCounts = numberList(args.get('listeners'), [100, 1000, 5000]);
const seconds = Number(args.get('seconds') ?? 30);
const inFlight = Number(args.get('in-flight') ?? 200);
const icecastInFlight = Number(args.get('icecast-in-flight') ?? 16);
const idleSeconds = Number(args.get('idle-seconds') ?? 10);
const withIcecast = args.get('icecast') !== '0';
const withFloor = args.get('node-floor') !== '0';
const icecastSource = args.get('icecast-source') || 'music';
if (!['music', 'music-mp3-only', 'noise'].includes(icecastSource)) {
  throw new Error(`--icecast-source: music, music-mp3-only or noise, not ${icecastSource}`);
}

const FIRST_BYTE_TIMEOUT_MS = 30_000;
const TARGETS: Targets = { noUnderrunsAt: 5000, cpuRatio: 1.0, rssRatio: 4, rssAt: 5000 };

/** Wall-clock time (ms) at which a side's phase (0: idle, then each count) is to be measured. */
type StartAt = (phase: number) => number | undefined;

/** Waits for a phase's planned start; answers how late it began (s), 0 if it had none. */
async function waitFor(at: number | undefined): Promise<number> {
  if (at === undefined) return 0;
  if (at > Date.now()) await sleep(at - Date.now());
  return Math.max(0, (Date.now() - at) / 1000);
}

async function runListeners(side: Side, n: number, startAt?: number): Promise<Result> {
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
  const lateS = await waitFor(startAt);
  const from = Date.now() / 1000;
  for (const l of listeners) l.windowStartBytes = l.audioBytes;
  const cpu0 = sampleCpu(side.pid);
  const tree0 = sampleTrees(side.roots, side.partOf);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  // The server's RSS rises and falls as garbage gathers and is collected (the listeners' arrival
  // leaves some): it is read every second of the window; its mean, peak and last reading are
  // reported.
  const rssSeen: number[] = [];
  while (performance.now() - t0 < seconds * 1000) {
    await sleep(Math.min(1000, seconds * 1000 - (performance.now() - t0)));
    rssSeen.push(rssMiB(side.pid));
  }
  const cpu1 = sampleCpu(side.pid);
  const tree = treePercent(tree0, sampleTrees(side.roots, side.partOf));
  const own = process.cpuUsage(own0);
  const elapsedS = (performance.now() - t0) / 1000;
  const rss = rssSeen.reduce((a, b) => a + b, 0) / rssSeen.length;
  const rssPeak = Math.max(...rssSeen);
  const rssEnd = rssSeen.at(-1) ?? rss;
  const span: Span = { from, to: Date.now() / 1000 };
  const pssParts = treeMemory(side.roots, side.partOf);
  const rssParts = treeMemory(side.roots, side.partOf, 'Rss');
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
    // The server, and the process holding its listeners' sockets when it has one.
    cpu: cpuPercent(cpu0, cpu1) + (tree.parts.get(LISTENER_PROCESS) ?? 0),
    rss,
    rssPeak,
    rssEnd,
    sideCpu: tree.total,
    cpuParts: tree.parts,
    sidePss: [...pssParts.values()].reduce((a, b) => a + b, 0),
    pssParts,
    listenersRss: rssParts.get(LISTENER_PROCESS) ?? rss,
    loadGenCpu: ((own.user + own.system) / 1e6 / elapsedS) * 100,
    rampS,
    span,
    lateS,
  };
  // Let the server see the sockets go before the next round.
  await sleep(3000);
  return result;
}

async function idleCpu(side: Side, startAt?: number): Promise<Idle> {
  const lateS = await waitFor(startAt);
  const from = Date.now() / 1000;
  const a = sampleCpu(side.pid);
  const treeA = sampleTrees(side.roots, side.partOf);
  await sleep(idleSeconds * 1000);
  const tree = treePercent(treeA, sampleTrees(side.roots, side.partOf));
  return {
    cpu: cpuPercent(a, sampleCpu(side.pid)),
    sideCpu: tree.total,
    parts: tree.parts,
    span: { from, to: Date.now() / 1000 },
    lateS,
  };
}

async function runSide(
  side: Side,
  idle: Map<string, Idle>,
  results: Result[],
  startAt: StartAt = () => undefined,
) {
  console.log(
    `\n${side.name}: pid ${side.pid}, open-file limit ${openFileLimit(side.pid)}, ` +
      `idle RSS ${rssMiB(side.pid).toFixed(0)} MiB, listeners opened ${side.inFlight} at a time`,
  );
  const i = await idleCpu(side, startAt(0));
  idle.set(side.name, i);
  console.log(
    `  no listeners, over ${idleSeconds} s: server CPU ${i.cpu.toFixed(1)}% of a core; whole side ` +
      `${i.sideCpu.toFixed(1)}% (${showParts(i.parts, '%', 1)})`,
  );
  for (const [k, n] of listenerCounts.entries()) {
    const r = await runListeners(side, n, startAt(k + 1));
    results.push(r);
    console.log(summary(r));
  }
}

console.log(
  `bench/stream-listeners — ${machine()}\n` +
    `  listeners ${listenerCounts.join(', ')}; window ${seconds} s after the last listener's first ` +
    `bytes; player: 1 s prebuffer, ` +
    `16,000 B/s; server with MALLOC_ARENA_MAX=${SERVER_ARENAS} (as the image runs it)\n  load generator: this process, one raw TCP socket per listener (net, shared ` +
    `read buffer, no HTTP parser), on the same cores as the server`,
);

const results: Result[] = [];
const idle = new Map<string, Idle>();

const ffmpeg = args.get('ffmpeg') || process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
const music = withFloor || withIcecast ? await makeDemoMusic(ffmpeg) : null;
/** Icecast's source plays what Queuecast played in each window (see same-music.ts). */
const sameMusic = music !== null && withIcecast && icecastSource !== 'noise';

// Every listener comes from 127.0.0.1: the per-address cap is lifted.
const mp3From: Record<string, string> = args.has('mp3-from')
  ? { MP3_PROCESSES_FROM: args.get('mp3-from')! }
  : {};
const station = await startStation(
  { MP3_MAX_PER_IP: '100000', ...mp3From },
  args.get('server') || SERVER_MAIN,
);
const onAir = sameMusic ? new OnAirLog(station.wsUrl, music) : null;
try {
  await onAir?.ready;
  await runSide(
    {
      name: 'queuecast',
      port: Number(new URL(station.baseUrl).port),
      path: '/stream/live.mp3',
      pid: station.pid,
      roots: [station.pid],
      partOf: queuecastParts,
      inFlight,
    },
    idle,
    results,
  );
} finally {
  onAir?.close();
  await station.stop();
}

/**
 * Queuecast's windows (idle, then each count) and the music in each; null where the music is
 * not matched.
 */
const queuecastPhases = (() => {
  if (!onAir) return null;
  const phases = [idle.get('queuecast')!, ...results.filter((r) => r.side === 'queuecast')];
  const pieces = phases.map((p) => onAir.pieces(p.span));
  if (pieces.some((p) => p === null)) {
    console.log("\nmusic: Queuecast's live updates did not cover its windows; not matched");
    return null;
  }
  phases.forEach((p, i) => {
    p.music = describe(pieces[i]!);
    console.log(
      `  queuecast music, ${i === 0 ? 'idle' : `N=${listenerCounts[i - 1]}`}: ${p.music}`,
    );
  });
  return phases.map((p, i) => ({ span: p.span, pieces: pieces[i]! }));
})();

if (music && withFloor) {
  console.log('\nnode floor: node:http alone, a demo tune from memory, the same flushes and burst');
  const floor = await startNodeFloor(music, inFlight);
  try {
    await runSide(floor.side, idle, results);
  } finally {
    await floor.stop();
  }
}

if (!music || !withIcecast) {
  console.log('\nicecast: skipped (--icecast 0)');
} else {
  let source: IcecastSource = 'noise';
  let programme: Programme | null = null;
  if (icecastSource !== 'noise') {
    if (queuecastPhases) {
      programme = icecastProgramme(ffmpeg, music, queuecastPhases, listenerCounts);
    }
    source = { music, hls: icecastSource === 'music', list: programme?.list };
  }
  console.log(
    `\nicecast source: ffmpeg -re, ${
      source === 'noise'
        ? 'pink noise to MP3 128 kb/s'
        : (programme
            ? `the music Queuecast played in each window (filler between), as MP3 128 kb/s`
            : `the ${source.music.files.length} demo tunes in a loop to MP3 128 kb/s`) +
          (source.hls ? ' and HLS AAC 128 kb/s (2 s segments), as Queuecast' : ' only')
    }`,
  );
  const icecast = await startIcecast({
    icecast: args.get('icecast-bin') || '/usr/bin/icecast2',
    ffmpeg,
    source,
    inFlight: icecastInFlight,
    maxListeners: Math.max(...listenerCounts),
  });
  if ('unavailable' in icecast) {
    console.log(`\nICECAST NOT RUN: ${icecast.unavailable}; Queuecast's side only`);
  } else {
    const plan = programme;
    const startAt: StartAt = (phase) =>
      plan ? icecast.sourceStartedAt + plan.windowsAt[phase]! * 1000 : undefined;
    const before = results.length;
    try {
      await runSide(
        { ...icecast.side, roots: [icecast.side.pid, icecast.sourcePid], partOf: icecastParts },
        idle,
        results,
        startAt,
      );
      const problems = icecast.errorLog();
      if (problems.length > 0) {
        console.log(`  icecast error.log, warnings and errors (last 5 of ${problems.length}):`);
        for (const line of problems.slice(-5)) console.log(`    ${line}`);
      }
    } finally {
      await icecast.stop();
    }
    if (queuecastPhases && plan) {
      const phases = [idle.get('icecast')!, ...results.slice(before)];
      phases.forEach((p) => {
        p.music = matchedMusic(p.lateS);
      });
      phases.forEach((p, i) =>
        console.log(
          `  icecast music, ${i === 0 ? 'idle' : `N=${listenerCounts[i - 1]}`}: ${p.music}`,
        ),
      );
    }
  }
}

printReport(results, idle, listenerCounts, TARGETS);
