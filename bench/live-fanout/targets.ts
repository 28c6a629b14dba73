/**
 * What bench/live-fanout measures (Queuecast, or the floor server).
 */
import { fileURLToPath } from 'node:url';
import { freePort, spawnManaged, stopManaged } from '../support/processes.js';
import { signup, type RunningStation } from '../support/station.js';

const FLOOR_FILE = fileURLToPath(new URL('./floor-server.ts', import.meta.url));

/**
 * What is measured: Queuecast, or the floor server. `prepare` returns one marker per round
 * (a name that appears in that round's update and in no other); `trigger` makes the change.
 */
export interface Target {
  wsUrl: string;
  pid: number;
  /** Processes that hold the sockets (each has its own open-file limit); 0: the main one. */
  socketProcesses: number;
  prepare(index: number, requested: number): Promise<string[]>;
  /** Makes round r's change; resolves with how long the server took to answer it. */
  trigger(r: number): Promise<number>;
}

/** Queuecast: the change is a new user's first GET /api/user/me. */
export function queuecast(
  station: RunningStation,
  rounds: number,
  socketProcesses: number,
): Target {
  let tokens: string[] = [];
  return {
    wsUrl: station.wsUrl,
    pid: station.pid,
    socketProcesses,
    async prepare(index, requested) {
      const names = Array.from({ length: rounds }, (_, r) => `fanout${index}_${requested}_${r}`);
      tokens = [];
      for (const name of names) tokens.push(await signup(station, name));
      return names;
    },
    async trigger(r) {
      await fetch(`${station.baseUrl}/healthz`).then((res) => res.arrayBuffer());
      const t0 = performance.now();
      const res = await fetch(`${station.baseUrl}/api/user/me`, {
        headers: { authorization: `Bearer ${tokens[r]}` },
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`GET /api/user/me: ${res.status}`);
      return performance.now() - t0;
    },
  };
}

/** The floor server (live-fanout/floor-server.ts) with `processes` writers. */
export async function startFloor(processes: number, bytes: number, rounds: number) {
  const port = await freePort();
  const child = spawnManaged(
    process.execPath,
    [...process.execArgv, FLOOR_FILE, String(port), String(processes), String(bytes)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  await next(); // ready
  let markers: string[] = [];
  const target: Target = {
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    pid: child.pid!,
    socketProcesses: processes,
    prepare(index, requested) {
      markers = Array.from({ length: rounds }, (_, r) => `floor${index}_${requested}_${r}`);
      return Promise.resolve(markers);
    },
    async trigger(r) {
      const t0 = performance.now();
      const sent = next();
      child.send({ type: 'go', marker: markers[r] });
      await sent;
      return performance.now() - t0;
    },
  };
  return { target, stop: () => stopManaged(child) };
}
