/**
 * One measurement of bench/live-fanout: N clients on one target, `rounds` changes, and the
 * delay from each change to each client having its update.
 */
import { percentile } from '../support/load.js';
import {
  openFileLimit,
  openFiles,
  rssMiB,
  serverCpu,
  serverPids,
  sleep,
  stopManaged,
  sum,
} from '../support/processes.js';
import { expect, startClientProcess } from '../support/client-processes.js';
import type { FromClients, ToClients } from './clients.js';
import type { Target } from './targets.js';

export interface Settings {
  rounds: number;
  workerCount: number;
  inFlight: number;
  gapMs: number;
  roundTimeoutMs: number;
}

export interface Result {
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
  /** Where the marker was in the update's payload (-1: not told). */
  markerAt: number;
  serverCpuMsPerRound: number;
  clientCpuMsPerRound: number;
  rssMiB: number;
  note: string;
}

export const maxOf = (xs: number[]) =>
  xs.reduce((m, x) => Math.max(m, x), Number.NEGATIVE_INFINITY);
export const minOf = (xs: number[]) =>
  xs.reduce((m, x) => Math.min(m, x), Number.POSITIVE_INFINITY);
export const whole = (x: number) => (Number.isFinite(x) ? x.toFixed(0) : '-');
export const fmt = (ms: number) => `${Number.isFinite(ms) ? ms.toFixed(0) : '-'} ms`;

/** How many of `requested` sockets the target's processes can hold under their file limit. */
function room(target: Target, requested: number) {
  // Sockets are held by the fan-out processes when there are any, each with the same limit.
  const limit = openFileLimit(target.pid);
  const fdRoom =
    target.socketProcesses > 0
      ? target.socketProcesses * (limit - target.fdReserve)
      : limit - openFiles(target.pid) - target.fdReserve;
  const n = Math.min(requested, fdRoom);
  const note =
    n < requested
      ? `${n} of ${requested}: the open-file limit is ${limit} per server process ` +
        `(raised to the hard limit; raising that needs CAP_SYS_RESOURCE)`
      : '';
  return { n, note };
}

export async function measure(
  target: Target,
  index: number,
  requested: number,
  s: Settings,
): Promise<Result> {
  const { n, note } = room(target, requested);
  if (note) console.log(`  note: ${note}`);
  const markers = await target.prepare(index, requested);

  const workers = Array.from({ length: Math.min(s.workerCount, n) }, () =>
    startClientProcess<FromClients, ToClients>(target.clientsFile),
  );
  const shares = workers.map(
    (_, w) => Math.floor(n / workers.length) + (w < n % workers.length ? 1 : 0),
  );
  workers.forEach((w, i) =>
    w.send({ type: 'connect', url: target.wsUrl, count: shares[i]!, inFlight: s.inFlight }),
  );
  const ready = await Promise.all(workers.map((w) => expect(w, 'ready')));
  const connected = ready.reduce((t, r) => t + r.opened, 0);
  const failed = ready.reduce((t, r) => t + r.failed, 0);
  const withFirst = ready.reduce((t, r) => t + r.withFirstUpdate, 0);
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
  const clientCpuMs: number[] = [];
  let updateBytes = 0;
  let markerAt = -1;
  for (let r = 0; r < s.rounds; r++) {
    workers.forEach((w) =>
      w.send({ type: 'arm', marker: markers[r]!, timeoutMs: s.roundTimeoutMs }),
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
    markerAt = Math.max(markerAt, ...results.map((x) => x.markerAt));
    clientCpuMs.push(results.reduce((t, x) => t + x.cpuMs, 0));
    console.log(
      `  round ${String(r + 1).padStart(2)}: first ${fmt(minOf(latencies))}, ` +
        `p50 ${fmt(percentile(latencies, 50))}, p99 ${fmt(percentile(latencies, 99))}, ` +
        `max ${fmt(maxOf(latencies))}, missed ${missed}; update ${bytes} B, ` +
        `change answered in ${answerMs.toFixed(1)} ms; CPU server ${serverCpuMs.at(-1)!.toFixed(0)} ms ` +
        `(${serverSysMs.toFixed(0)} in the kernel), ` +
        `clients ${clientCpuMs.at(-1)!.toFixed(0)} ms`,
    );
    await sleep(s.gapMs);
  }
  const rss = sum(serverPids(target.pid), rssMiB);

  workers.forEach((w) => w.send({ type: 'close' }));
  await Promise.all(workers.map((w) => expect(w, 'closed').catch(() => undefined)));
  await Promise.all(workers.map((w) => stopManaged(w.child, 5000)));
  // Let the server see every socket close before anything else runs.
  const deadline = Date.now() + 30_000;
  const idleFiles = 200 + 50 * target.socketProcesses;
  while (sum(serverPids(target.pid), openFiles) > idleFiles && Date.now() < deadline) {
    await sleep(200);
  }

  return {
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
    markerAt,
    serverCpuMsPerRound: percentile(serverCpuMs, 50),
    clientCpuMsPerRound: percentile(clientCpuMs, 50),
    rssMiB: rss,
    note,
  };
}
