/**
 * The sides bench/live-fanout compares, each started fresh for one client count and stopped
 * after it, so that each is measured alone on the machine:
 * - queuecast: the built server (demo library on air, history filled), change = a new user's
 *   first GET /api/user/me;
 * - floor: live-fanout/floor-server.ts, which only writes one frame per socket per round;
 * - socketio: live-fanout/socketio-server.ts, a Socket.IO 4 server that `io.emit`s the update,
 *   with socket.io-client clients;
 * - socketio-raw (only when named): the same server with the raw clients of the other sides,
 *   which separates what the Socket.IO server costs from what socket.io-client costs.
 */
import { openFileLimit, rssMiB } from '../support/processes.js';
import { fillHistory, SERVER_MAIN, startStation } from '../support/station.js';
import { queuecast, startFloor, startSocketIo, type Payload, type Target } from './targets.js';

export const SIDES = ['queuecast', 'floor', 'socketio', 'socketio-raw'] as const;
export type Side = (typeof SIDES)[number];
const DEFAULT_SIDES: Side[] = ['queuecast', 'floor', 'socketio'];
export const LABELS: Record<Side, string> = {
  queuecast: 'Queuecast',
  floor: 'floor',
  socketio: 'Socket.IO',
  'socketio-raw': 'Socket.IO, raw clients',
};

export interface SideOptions {
  rounds: number;
  /** The server's LIVE_FANOUT_PROCESSES, and the floor's writer processes. */
  fanoutProcesses: number;
  fanoutArg: string;
  /** The server's LIVE_FANOUT_FROM, or null for its default. */
  fanoutFrom: string | null;
  /** The most clients any run opens (the server's cap per address is lifted above it). */
  maxClients: number;
  historyEntries: number;
  serverMain: string;
  admin: { username: string; password: string };
}

export interface StartedSide {
  target: Target;
  stop(): Promise<void>;
  description: string;
}

/** Parses `--sides a,b,c` (queuecast, floor, socketio by default). */
export function sideList(value: string | undefined): Side[] {
  if (!value) return [...DEFAULT_SIDES];
  const list = value.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !(SIDES as readonly string[]).includes(s));
  if (bad.length > 0) throw new Error(`unknown side ${bad.join(', ')}: ${SIDES.join(', ')}`);
  return list as Side[];
}

/** Starts `side`; `payload` is the update the floor and Socket.IO servers send. */
export async function startSide(
  side: Side,
  payload: Payload,
  o: SideOptions,
): Promise<StartedSide> {
  const { bytes } = payload;
  if (side === 'floor') {
    const { target, stop } = await startFloor(Math.max(1, o.fanoutProcesses), payload, o.rounds);
    const description =
      `FLOOR: no Queuecast. ${target.socketProcesses} cluster workers accept the upgrades and ` +
      `write one ${bytes} B frame to each socket per round (live-fanout/floor-server.ts); ` +
      `change: an IPC message to them; raw WebSocket clients`;
    return { target, stop, description };
  }
  if (side === 'socketio' || side === 'socketio-raw') {
    const raw = side === 'socketio-raw';
    const { target, stop } = await startSocketIo(payload, o.rounds, raw);
    const description =
      `SOCKET.IO: one process, default in-memory adapter, websocket transport only ` +
      `(live-fanout/socketio-server.ts), io.emit of a ${bytes} B message; change: ` +
      `POST /change; ` +
      (raw
        ? 'raw WebSocket clients answering Engine.IO open and ping'
        : 'socket.io-client clients (websocket only)') +
      `; open-file limit ` +
      `${openFileLimit(target.pid)}, idle RSS ${rssMiB(target.pid).toFixed(0)} MiB`;
    return { target, stop, description };
  }
  const station = await startStation(
    {
      ADMIN_USERNAME: o.admin.username,
      ADMIN_PASSWORD: o.admin.password,
      LIVE_FANOUT_PROCESSES: String(o.fanoutProcesses),
      ...(o.fanoutFrom === null ? {} : { LIVE_FANOUT_FROM: o.fanoutFrom }),
      // Every client connects from 127.0.0.1: the cap per address is lifted for them.
      LIVE_MAX_SOCKETS_PER_IP: String(o.maxClients + 1000),
    },
    o.serverMain,
  );
  const filledBytes =
    o.historyEntries > 0 ? await fillHistory(station, o.admin, o.historyEntries) : 0;
  const description =
    `QUEUECAST: change: a new user's first GET /api/user/me (users.seen); server pid ${station.pid}: ` +
    (o.fanoutProcesses > 0
      ? `${o.fanoutProcesses} live fan-out processes hold the sockets`
      : 'the sockets in its own process') +
    ` (--fanout ${o.fanoutArg}${o.fanoutFrom === null ? '' : `, from ${o.fanoutFrom} sockets`}); open-file limit ${openFileLimit(station.pid)} per process, ` +
    `idle RSS ${rssMiB(station.pid).toFixed(0)} MiB; demo library on air` +
    (o.historyEntries > 0
      ? `, ${o.historyEntries} tracks skipped into history (update ${filledBytes} B)`
      : '') +
    `; raw WebSocket clients` +
    (o.serverMain === SERVER_MAIN ? '' : `\n  server build: ${o.serverMain}`);
  return {
    target: queuecast(station, o.rounds, o.fanoutProcesses),
    stop: () => station.stop(),
    description,
  };
}
