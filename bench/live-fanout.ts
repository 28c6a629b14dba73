/**
 * bench/live-fanout: how fast one change reaches every /ws socket. For each N, opens N
 * WebSocket clients (spread over `--workers` client processes, at most `--in-flight`
 * handshakes at a time per process), waits until each has its first update, then runs
 * `--rounds` changes and times, at every client, receive time - the time the change was
 * triggered (Date.now() in both processes, same machine, 1 ms resolution).
 *
 * The change is a user becoming active: a user signed up beforehand (sign-up sets no
 * last-seen) makes its first authenticated call, GET /api/user/me. That is one small database
 * write and one `users.seen` event, and the update that follows carries the user's name in
 * `active_users`, so each client can tell the round's update from any other by its bytes.
 * Nothing is subtracted: the figure includes the HTTP call, the rebuild of the update
 * (database reads, JSON), the writes to every socket and the client's own receive work.
 * A skip would add the audio pipeline's track change and a second broadcast
 * (queue.changed, then track.started) to what is timed.
 *
 * Before measuring, the admin skips tracks until the update carries `--history` entries (20,
 * all it shows), the size it has once a station has played a while (about 9 kB).
 *
 * The server's figures (CPU, RSS, open files) are its process's plus its live fan-out
 * processes' (`--fanout`, passed as LIVE_FANOUT_PROCESSES; auto by default), not ffmpeg's.
 *
 * `--floor` measures, instead of Queuecast, the least any server can do on this machine: the
 * same clients against live-fanout/floor-server.ts, which only writes one `--floor-bytes`
 * frame to each socket per round from as many processes as `--fanout` gives.
 *
 * Run: npm run live-fanout -w bench -- [--clients 1000,5000,20000] [--rounds 10] [--workers 2]
 *        [--in-flight 100] [--gap-ms 1000] [--history 20] [--fanout auto|N]
 *        [--server path/to/main.js] [--floor] [--floor-bytes 9000]
 */
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FromClients, ToClients } from './live-fanout/clients.js';
import { percentile } from './support/load.js';
import {
  machine,
  numberList,
  openFileLimit,
  openFiles,
  parseArgs,
  rssMiB,
  serverCpu,
  serverPids,
  sleep,
  stopManaged,
  sum,
} from './support/processes.js';
import { expect, startClientProcess } from './support/client-processes.js';
import { fillHistory, SERVER_MAIN, startStation } from './support/station.js';
import { queuecast, startFloor, type Target } from './live-fanout/targets.js';

const args = parseArgs();
const clientCounts = numberList(args.get('clients'), [1000, 5000, 20000]);
const rounds = Number(args.get('rounds') ?? 10);
const workerCount = Number(args.get('workers') ?? 2);
const inFlight = Number(args.get('in-flight') ?? 100);
const gapMs = Number(args.get('gap-ms') ?? 1000);
const historyEntries = Number(args.get('history') ?? 20);
const serverMain = args.get('server') || SERVER_MAIN;
/** The server's LIVE_FANOUT_PROCESSES; auto is its own rule: a process per core, at most 4. */
const fanoutArg = args.get('fanout') || 'auto';
const fanoutProcesses =
  fanoutArg === 'auto'
    ? os.availableParallelism() > 1
      ? Math.min(os.availableParallelism(), 4)
      : 0
    : Number(fanoutArg);
const floor = args.has('floor');
const floorBytes = Number(args.get('floor-bytes') || 9000);
const ADMIN = { username: 'bench_admin', password: 'bench-admin-password' };
const ROUND_TIMEOUT_MS = 15_000;
/** Descriptors the server keeps for itself beyond the sockets (database, ffmpeg pipes, HLS). */
const SERVER_FD_RESERVE = 100;
const TARGET = { clients: 20_000, p99Ms: 250 };
const CLIENTS_FILE = fileURLToPath(new URL('./live-fanout/clients.ts', import.meta.url));
const startWorker = () => startClientProcess<FromClients, ToClients>(CLIENTS_FILE);

interface Result {
  requested: number;
  connected: number;
  failed: number;
  deliveries: number;
  p50: number;
  p99: number;
  max: number;
  missedClients: number;
  missedDeliveries: number;
  updateBytes: number;
  serverCpuMsPerRound: number;
  rssMiB: number;
  note: string;
}

async function measure(target: Target, index: number, requested: number) {
  // Sockets are held by the fan-out processes when there are any, each with the same limit.
  const limit = openFileLimit(target.pid);
  const fdRoom =
    target.socketProcesses > 0
      ? target.socketProcesses * (limit - SERVER_FD_RESERVE)
      : limit - openFiles(target.pid) - SERVER_FD_RESERVE;
  const n = Math.min(requested, fdRoom);
  const note =
    n < requested
      ? `${n} of ${requested}: the open-file limit is ${limit} per server process ` +
        `(raised to the hard limit; raising that needs CAP_SYS_RESOURCE)`
      : '';
  if (note) console.log(`  note: ${note}`);
  const markers = await target.prepare(index, requested);

  const workers = Array.from({ length: Math.min(workerCount, n) }, startWorker);
  const shares = workers.map(
    (_, w) => Math.floor(n / workers.length) + (w < n % workers.length ? 1 : 0),
  );
  workers.forEach((w, i) =>
    w.send({ type: 'connect', url: target.wsUrl, count: shares[i]!, inFlight }),
  );
  const ready = await Promise.all(workers.map((w) => expect(w, 'ready')));
  const connected = ready.reduce((s, r) => s + r.opened, 0);
  const failed = ready.reduce((s, r) => s + r.failed, 0);
  const withFirst = ready.reduce((s, r) => s + r.withFirstUpdate, 0);
  const connectS = Math.max(...ready.map((r) => r.connectMs)) / 1000;
  console.log(
    `  connected ${connected} of ${n} in ${connectS.toFixed(1)} s (${failed} failed), ` +
      `${withFirst} with their first update; server RSS ${sum(serverPids(target.pid), rssMiB).toFixed(0)} MiB ` +
      `(${serverPids(target.pid).length} processes)`,
  );

  const all: number[] = [];
  const missedBy = new Set<string>();
  let missedDeliveries = 0;
  const serverCpuMs: number[] = [];
  let updateBytes = 0;
  for (let r = 0; r < rounds; r++) {
    workers.forEach((w) =>
      w.send({ type: 'arm', marker: markers[r]!, timeoutMs: ROUND_TIMEOUT_MS }),
    );
    await Promise.all(workers.map((w) => expect(w, 'armed')));
    const pids = serverPids(target.pid);
    const cpuBefore = serverCpu(pids);
    const sentAt = Date.now();
    const answerMs = await target.trigger(r);
    const results = await Promise.all(workers.map((w) => expect(w, 'round')));
    const cpuAfter = serverCpu(pids);
    serverCpuMs.push((cpuAfter.cpuS - cpuBefore.cpuS) * 1000);
    const serverSysMs = (cpuAfter.sysS - cpuBefore.sysS) * 1000;
    const latencies: number[] = [];
    let missed = 0;
    results.forEach((result, w) =>
      result.receivedAt.forEach((at, i) => {
        if (at === 0) {
          missed++;
          missedBy.add(`${w}:${i}`);
        } else latencies.push(at - sentAt);
      }),
    );
    missedDeliveries += missed;
    for (const l of latencies) all.push(l);
    const bytes = Math.max(...results.map((x) => x.updateBytes));
    updateBytes = Math.max(updateBytes, bytes);
    const clientCpu = results.reduce((s, x) => s + x.cpuMs, 0);
    console.log(
      `  round ${String(r + 1).padStart(2)}: first ${fmt(minOf(latencies))}, ` +
        `p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, ` +
        `max ${fmt(maxOf(latencies))}, missed ${missed}; update ${bytes} B, ` +
        `change answered in ${answerMs.toFixed(1)} ms; CPU server ${serverCpuMs.at(-1)!.toFixed(0)} ms ` +
        `(${serverSysMs.toFixed(0)} in the kernel), ` +
        `clients ${clientCpu.toFixed(0)} ms`,
    );
    await sleep(gapMs);
  }
  const rss = sum(serverPids(target.pid), rssMiB);

  workers.forEach((w) => w.send({ type: 'close' }));
  await Promise.all(workers.map((w) => expect(w, 'closed').catch(() => undefined)));
  await Promise.all(workers.map((w) => stopManaged(w.child, 5000)));
  // Let the server see every socket close before the next N is opened.
  const deadline = Date.now() + 30_000;
  const idleFiles = 200 + 50 * target.socketProcesses;
  while (sum(serverPids(target.pid), openFiles) > idleFiles && Date.now() < deadline) {
    await sleep(200);
  }

  const result: Result = {
    requested,
    connected,
    failed,
    deliveries: all.length,
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: maxOf(all),
    missedClients: missedBy.size,
    missedDeliveries,
    updateBytes,
    serverCpuMsPerRound: percentile(serverCpuMs, 50),
    rssMiB: rss,
    note,
  };
  return result;
}

const maxOf = (xs: number[]) => xs.reduce((m, x) => Math.max(m, x), Number.NEGATIVE_INFINITY);
const minOf = (xs: number[]) => xs.reduce((m, x) => Math.min(m, x), Number.POSITIVE_INFINITY);
const whole = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '-');
const fmt = (ms: number) => `${Number.isFinite(ms) ? ms.toFixed(0) : '-'} ms`;

console.log(
  `bench/live-fanout — ${machine()}\n` +
    `  clients ${clientCounts.join(', ')}; ${rounds} rounds each, ${gapMs} ms apart; ` +
    `${workerCount} client processes (minimal WebSocket clients on raw sockets), ${inFlight} handshakes in flight each; ` +
    `latency = client receive - change sent`,
);
let target: Target;
let stop: () => Promise<void>;
if (floor) {
  ({ target, stop } = await startFloor(Math.max(1, fanoutProcesses), floorBytes, rounds));
  console.log(
    `  FLOOR: no Queuecast. ${target.socketProcesses} cluster workers accept the upgrades and ` +
      `write one ${floorBytes} B frame to each socket per round (live-fanout/floor-server.ts); ` +
      `change: an IPC message to them`,
  );
} else {
  const station = await startStation(
    {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LIVE_FANOUT_PROCESSES: String(fanoutProcesses),
      // Every client connects from 127.0.0.1: the cap per address is lifted for them.
      LIVE_MAX_SOCKETS_PER_IP: String(Math.max(...clientCounts) + 1000),
    },
    serverMain,
  );
  target = queuecast(station, rounds, fanoutProcesses);
  stop = () => station.stop();
  const filledBytes = historyEntries > 0 ? await fillHistory(station, ADMIN, historyEntries) : 0;
  console.log(
    `  change: a new user's first GET /api/user/me (users.seen)\n` +
      `  server pid ${station.pid}: ` +
      (fanoutProcesses > 0
        ? `${fanoutProcesses} live fan-out processes hold the sockets`
        : 'the sockets in its own process') +
      ` (--fanout ${fanoutArg}); open-file limit ${openFileLimit(station.pid)} per process, ` +
      `idle RSS ${rssMiB(station.pid).toFixed(0)} MiB; one server for all N, demo library on air` +
      (historyEntries > 0
        ? `, ${historyEntries} tracks skipped into history (update ${filledBytes} B)`
        : '') +
      (serverMain === SERVER_MAIN ? '' : `\n  server build: ${serverMain}`),
  );
}
const results: Result[] = [];
try {
  for (const [index, n] of clientCounts.entries()) {
    console.log(`\nN = ${n}`);
    const r = await measure(target, index, n);
    results.push(r);
    console.log(
      `N=${r.requested}: ${r.connected} connected (${r.failed} failed); latency p50 ${fmt(r.p50)}, ` +
        `p99 ${fmt(r.p99)}, max ${fmt(r.max)} over ${r.deliveries} deliveries; ` +
        `${r.missedClients} clients missed a round (${r.missedDeliveries} deliveries); ` +
        `update ${r.updateBytes} B; server RSS ${r.rssMiB.toFixed(0)} MiB, ` +
        `server CPU ${r.serverCpuMsPerRound.toFixed(0)} ms per round (median)`,
    );
  }
} finally {
  await stop();
}

const columns: [string, (r: Result) => string | number][] = [
  ['clients', (r) => r.requested],
  ['connected', (r) => r.connected],
  ['failed', (r) => r.failed],
  ['p50 ms', (r) => whole(r.p50)],
  ['p99 ms', (r) => whole(r.p99)],
  ['max ms', (r) => whole(r.max)],
  ['missed', (r) => r.missedClients],
  ['update B', (r) => r.updateBytes],
  ['server CPU ms/round', (r) => r.serverCpuMsPerRound.toFixed(0)],
  ['RSS MiB', (r) => r.rssMiB.toFixed(0)],
];
console.log(`\n${columns.map(([h]) => h.padStart(9)).join(' ')}`);
for (const r of results) {
  console.log(columns.map(([h, f]) => String(f(r)).padStart(Math.max(9, h.length))).join(' '));
}
const atTarget = results.find((r) => r.requested === TARGET.clients);
if (atTarget && floor) {
  console.log(
    `floor at ${TARGET.clients} clients: p99 ${fmt(atTarget.p99)}; no server that writes ` +
      `each socket once can deliver faster than this on this machine with these clients`,
  );
} else if (atTarget) {
  const met = atTarget.p99 <= TARGET.p99Ms && atTarget.missedClients === 0;
  console.log(
    `target: ${TARGET.clients} clients, p99 <= ${TARGET.p99Ms} ms — ${met ? 'met' : 'NOT met'} ` +
      `(p99 ${fmt(atTarget.p99)}, ${atTarget.connected} connected${atTarget.note ? `; ${atTarget.note}` : ''})`,
  );
}
