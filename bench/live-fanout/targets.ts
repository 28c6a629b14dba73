/**
 * What bench/live-fanout measures: Queuecast, the floor server, or a Socket.IO server.
 */
import { fileURLToPath } from 'node:url';
import { freePort, spawnManaged, stopManaged } from '../support/processes.js';
import { signup, type RunningStation } from '../support/station.js';

const FLOOR_FILE = fileURLToPath(new URL('./floor-server.ts', import.meta.url));
const SOCKETIO_FILE = fileURLToPath(new URL('./socketio-server.ts', import.meta.url));
/** The client processes: raw WebSocket clients, or socket.io-client ones. */
const RAW_CLIENTS = fileURLToPath(new URL('./clients.ts', import.meta.url));
const SOCKETIO_CLIENTS = fileURLToPath(new URL('./socketio-clients.ts', import.meta.url));

/**
 * What is measured. `prepare` returns one marker per round (a name that appears in that
 * round's update and in no other); `trigger` makes the change.
 */
export interface Target {
  /** What the clients connect to: a ws:// URL, or the http:// origin for socket.io-client. */
  wsUrl: string;
  pid: number;
  /** Processes that hold the sockets (each has its own open-file limit); 0: the main one. */
  socketProcesses: number;
  /** Descriptors the server keeps for itself beyond the sockets. */
  fdReserve: number;
  /** The client-process script (speaking clients.ts's IPC). */
  clientsFile: string;
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
    // the database, ffmpeg pipes and HLS files
    fdReserve: 100,
    clientsFile: RAW_CLIENTS,
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

/**
 * The update the floor and Socket.IO servers send: `bytes` long, the marker at byte `markerAt`
 * of the payload as in Queuecast's (-1: near the start), so that every side's clients search
 * as far into it.
 */
export interface Payload {
  bytes: number;
  markerAt: number;
}

/** The floor server (live-fanout/floor-server.ts) with `processes` writers. */
export async function startFloor(processes: number, payload: Payload, rounds: number) {
  const port = await freePort();
  const { bytes, markerAt } = payload;
  const child = spawnManaged(
    process.execPath,
    [...process.execArgv, FLOOR_FILE, ...[port, processes, bytes, markerAt].map(String)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const next = () => new Promise<unknown>((resolve) => child.once('message', resolve));
  await next(); // ready
  let markers: string[] = [];
  const target: Target = {
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    pid: child.pid!,
    socketProcesses: processes,
    fdReserve: 20,
    clientsFile: RAW_CLIENTS,
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

/**
 * The Socket.IO server (live-fanout/socketio-server.ts): one process, the change a
 * `POST /change` that makes it emit the update to every socket. Its clients are
 * socket.io-client ones, or with `rawClients` the raw clients of the other sides on its
 * Engine.IO WebSocket URL (clients.ts speaks the few messages needed).
 */
export async function startSocketIo(payload: Payload, rounds: number, rawClients = false) {
  const port = await freePort();
  const child = spawnManaged(
    process.execPath,
    [...process.execArgv, SOCKETIO_FILE, ...[port, payload.bytes, payload.markerAt].map(String)],
    {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  await new Promise<unknown>((resolve) => child.once('message', resolve)); // ready
  const origin = `http://127.0.0.1:${port}`;
  let markers: string[] = [];
  const target: Target = {
    wsUrl: rawClients ? `ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket` : origin,
    pid: child.pid!,
    socketProcesses: 0,
    fdReserve: 20,
    clientsFile: rawClients ? RAW_CLIENTS : SOCKETIO_CLIENTS,
    prepare(index, requested) {
      markers = Array.from({ length: rounds }, (_, r) => `sio${index}_${requested}_${r}`);
      return Promise.resolve(markers);
    },
    async trigger(r) {
      await fetch(`${origin}/healthz`).then((res) => res.arrayBuffer());
      const t0 = performance.now();
      const res = await fetch(`${origin}/change?marker=${encodeURIComponent(markers[r]!)}`, {
        method: 'POST',
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`POST /change: ${res.status}`);
      return performance.now() - t0;
    },
  };
  return { target, stop: () => stopManaged(child) };
}
