/**
 * bench/idle-server: what a station's server process costs with nobody listening, for one build
 * or several side by side. Each build (`--servers a/main.js,b/main.js`; by default the one in
 * apps/server/dist) starts at the same time with its own empty DATA_DIR and the demo library,
 * waits until the library is imported, settles (`--settle`, 120 s), then its process's CPU
 * (utime + stime of every thread, not its ffmpeg children) is read over `--rounds` windows of
 * `--seconds` (180) each, RSS every 5 s. Builds measured at once share whatever else the machine
 * does, which is how two builds can be compared on a machine whose figures wander.
 * Run: npm run build && npm run idle-server -w bench -- [--servers …] [--rounds 2]
 * Target: ≤ 0.3 % of a core.
 */
import os from 'node:os';
import path from 'node:path';
import { cpuPercent, machine, parseArgs, rssMiB, sampleCpu, sleep } from './support/processes.js';
import { SERVER_MAIN, startStation, type RunningStation } from './support/station.js';

const args = parseArgs();
// Relative to where npm was run (the repository root), not to bench/.
const from = process.env.INIT_CWD ?? process.cwd();
const servers = (args.get('servers') || SERVER_MAIN)
  .split(',')
  .map((s) => path.resolve(from, s.trim()));
const settleS = Number(args.get('settle') ?? 120);
const seconds = Number(args.get('seconds') ?? 180);
const rounds = Number(args.get('rounds') ?? 1);
const TARGET = 0.3;

console.log(`bench/idle-server — ${machine()}`);
console.log(
  `  ${servers.length} build(s) at once, demo library, nobody listening; ${settleS} s to settle, ` +
    `then ${rounds} window(s) of ${seconds} s`,
);

const stations: RunningStation[] = [];
try {
  stations.push(...(await Promise.all(servers.map((main) => startStation({}, main)))));
  await sleep(settleS * 1000);
  for (let round = 1; round <= rounds; round++) {
    const before = stations.map((s) => sampleCpu(s.pid));
    const rss: number[][] = stations.map(() => []);
    for (let t = 0; t < seconds; t += 5) {
      await sleep(Math.min(5, seconds - t) * 1000);
      stations.forEach((s, i) => rss[i]!.push(rssMiB(s.pid)));
    }
    const load = os.loadavg()[0]!.toFixed(2);
    stations.forEach((s, i) => {
      const cpu = cpuPercent(before[i]!, sampleCpu(s.pid));
      const mean = rss[i]!.reduce((a, b) => a + b, 0) / rss[i]!.length;
      const met = cpu <= TARGET ? 'met' : 'NOT met';
      console.log(
        `round ${round}  ${servers[i]}: CPU ${cpu.toFixed(2)}% of a core (target ≤ ${TARGET}%: ` +
          `${met}), RSS mean ${mean.toFixed(0)} MiB; load ${load}`,
      );
    });
  }
} finally {
  await Promise.all(stations.map((s) => s.stop()));
}
