/**
 * bench/idle-server: what a station's server process costs with nobody listening, for one build
 * or several side by side. Each build (`--servers a/main.js,b/main.js`; by default the one in
 * apps/server/dist) starts at the same time with its own empty DATA_DIR and the demo library,
 * waits until the library is imported, settles (`--settle`, 120 s), then its process's CPU
 * (utime + stime of every thread, not its ffmpeg children) is read over `--rounds` windows of
 * `--seconds` (180) each, RSS every 5 s. Builds measured at once share whatever else the machine
 * does, which is how two builds can be compared on a machine whose figures wander.
 *
 * Beside them, measured over the same windows, the Node-clock floor (`--floor 1`, by default;
 * idle-server/node-clock.ts): a Node.js process that only moves the PCM from an ffmpeg decoder
 * to an ffmpeg encoder making the same outputs, at the station's clock's ticks.
 * Run: npm run build && npm run idle-server -w bench -- [--servers …] [--rounds 2] [--floor 0]
 * Target: ≤ 0.3 % of a core.
 */
import os from 'node:os';
import path from 'node:path';
import { makeDemoMusic, type DemoMusic } from './support/demo-music.js';
import { startNodeClock, type NodeClock } from './support/node-clock.js';
import {
  cpuPercent,
  machine,
  parseArgs,
  removeScratch,
  rssMiB,
  sampleCpu,
  sleep,
} from './support/processes.js';
import { SERVER_MAIN, startStation, type RunningStation } from './support/station.js';
import { TICK_MS } from '../apps/server/src/station/playout/pcm.js';

const args = parseArgs();
// Relative to where npm was run (the repository root), not to bench/.
const from = process.env.INIT_CWD ?? process.cwd();
const servers = (args.get('servers') || SERVER_MAIN)
  .split(',')
  .map((s) => path.resolve(from, s.trim()));
const settleS = Number(args.get('settle') ?? 120);
const seconds = Number(args.get('seconds') ?? 180);
const rounds = Number(args.get('rounds') ?? 1);
const withFloor = (args.get('floor') ?? '1') === '1';
const ffmpeg = args.get('ffmpeg') || process.env.FFMPEG_PATH || '/usr/bin/ffmpeg';
const TARGET = 0.3;

console.log(`bench/idle-server — ${machine()}`);
console.log(
  `  ${servers.length} build(s) at once, demo library, nobody listening; ${settleS} s to settle, ` +
    `then ${rounds} window(s) of ${seconds} s`,
);
if (withFloor) {
  console.log(
    '  beside them, the Node-clock floor: a Node.js process moving the demo tunes from an ffmpeg ' +
      "decoder to an ffmpeg encoder making the station's outputs, " +
      `${1000 / TICK_MS} times a second (the station's tick), nothing else`,
  );
}

const stations: RunningStation[] = [];
let clock: NodeClock | null = null;
let music: DemoMusic | null = null;
try {
  stations.push(...(await Promise.all(servers.map((main) => startStation({}, main)))));
  if (withFloor) {
    music = await makeDemoMusic(ffmpeg);
    clock = await startNodeClock(ffmpeg, music);
  }
  await sleep(settleS * 1000);
  const pids = [...stations.map((s) => s.pid), ...(clock ? [clock.pid] : [])];
  const names = [
    ...servers,
    ...(clock ? ['the Node-clock floor (idle-server/node-clock.ts)'] : []),
  ];
  for (let round = 1; round <= rounds; round++) {
    const before = pids.map((pid) => sampleCpu(pid));
    const rss: number[][] = pids.map(() => []);
    for (let t = 0; t < seconds; t += 5) {
      await sleep(Math.min(5, seconds - t) * 1000);
      pids.forEach((pid, i) => rss[i]!.push(rssMiB(pid)));
    }
    const load = os.loadavg()[0]!.toFixed(2);
    const cpus = pids.map((pid, i) => cpuPercent(before[i]!, sampleCpu(pid)));
    const floorCpu = clock ? cpus.at(-1)! : null;
    pids.forEach((_, i) => {
      const cpu = cpus[i]!;
      const mean = rss[i]!.reduce((a, b) => a + b, 0) / rss[i]!.length;
      const isFloor = clock !== null && i === pids.length - 1;
      const met = cpu <= TARGET ? 'met' : 'NOT met';
      const verdict = isFloor ? '' : ` (target ≤ ${TARGET}%: ${met})`;
      const ratio =
        floorCpu && !isFloor ? `, ${(cpu / floorCpu).toFixed(2)}× the Node-clock floor` : '';
      console.log(
        `round ${round}  ${names[i]}: CPU ${cpu.toFixed(2)}% of a core${verdict}${ratio}, ` +
          `RSS mean ${mean.toFixed(0)} MiB; load ${load}`,
      );
    });
  }
} finally {
  await Promise.all([...stations.map((s) => s.stop()), clock?.stop()]);
  if (music) removeScratch(music.dir);
}
