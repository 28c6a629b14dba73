/**
 * One client process of bench/live-fanout's Socket.IO side, driven over IPC exactly like
 * clients.ts (same commands, same answers): opens its share of `socket.io-client` sockets
 * (WebSocket transport only, one connection each, no reconnection; at most `inFlight`
 * handshakes at a time), then for each round reports when each socket's `playback_update`
 * handler got the event naming the round's marker (Date.now(), 0 = never).
 *
 * Unlike the raw clients of the other sides, these decode every message as a Socket.IO app
 * does (Engine.IO and Socket.IO packets, JSON.parse of the data) before the handler runs.
 */
import { io, type Socket } from 'socket.io-client';
import { obey, Round, send } from './rounds.js';

interface Update {
  active_users?: { username?: string }[];
}

const EVENT = 'playback_update';
const HANDSHAKE_TIMEOUT_MS = 20_000;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The round in progress; the marker is the name the update's first active user carries. */
const round = new Round<string>();

const sockets: Socket[] = [];
let gotFirst = new Uint8Array(0);

function onUpdate(i: number, update: Update): void {
  gotFirst[i] = 1;
  if (round.marker === null || update.active_users?.[0]?.username !== round.marker) return;
  // The message's size on the wire: "4" (Engine.IO message) "2" (Socket.IO event) + JSON.
  const bytes = round.updateBytes || 2 + Buffer.byteLength(JSON.stringify([EVENT, update]));
  round.seen(i, bytes);
}

/** Opens socket `i`; `settle` is called once with whether it connected. */
function open(url: string, i: number, settle: (ok: boolean) => void): Socket {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    timeout: HANDSHAKE_TIMEOUT_MS,
  });
  let settled = false;
  const done = (ok: boolean) => {
    if (settled) return;
    settled = true;
    settle(ok);
  };
  socket.on('connect', () => done(true));
  socket.on('connect_error', () => done(false));
  socket.on(EVENT, (update: Update) => onUpdate(i, update));
  return socket;
}

async function connect(url: string, count: number, inFlight: number): Promise<void> {
  round.size(count);
  gotFirst = new Uint8Array(count);
  const t0 = performance.now();
  let pending = 0;
  let opened = 0;
  let failed = 0;
  await new Promise<void>((resolve) => {
    const launch = () => {
      while (pending < inFlight && sockets.length < count) {
        pending++;
        sockets.push(
          open(url, sockets.length, (ok) => {
            pending--;
            if (ok) opened++;
            else failed++;
            launch();
          }),
        );
      }
      if (pending === 0 && sockets.length >= count) resolve();
    };
    launch();
  });
  const connectMs = performance.now() - t0;
  // The server emits the current update to every socket as it connects.
  const waitingFirst = () => sockets.some((s, i) => s.connected && gotFirst[i] === 0);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && waitingFirst()) await sleep(100);
  const withFirstUpdate = sockets.filter((s, i) => s.connected && gotFirst[i] === 1).length;
  send({ type: 'ready', opened, failed, withFirstUpdate, connectMs });
}

obey(round, {
  connect,
  markerOf: (text) => text,
  isOpen: (i) => sockets[i]?.connected === true,
  close: () => {
    sockets.forEach((s) => s.disconnect());
    process.send!({ type: 'closed' }, undefined, {}, () => process.exit(0));
  },
});
