/**
 * A live fan-out process (see fanout-processes.ts). It receives upgraded /ws connections with
 * the update to greet them with, open sockets the server held before (with their rooms), and
 * every later message, and runs them as `LiveSockets`:
 * framing, send bounds, pings, refresh answers, rooms. Auth requests go to the parent, which
 * answers with the socket's session; closed connections are reported with the socket count.
 * Asked to, it hands its sockets back, open, each with the number of the last message it took.
 * It exits when its parent goes, kill -9 included.
 */
import type { Socket } from 'node:net';
import { poolOptions, servePool, tellPool } from '../lib/worker-pool-child.js';
import type { FromWorker, ToWorker, WorkerOptions } from './fanout-processes.js';
import { LiveSockets } from './live-sockets.js';

const COUNT_EVERY_MS = 100;
/** While handing sockets back, those that could not go yet are tried again this often. */
const RETURN_RETRY_MS = 200;
/** Close frames are written at once; the clients' answers are not waited for long. */
const CLOSE_GRACE_MS = 300;

let accepted = 0;
/** The number of the last room message or session taken. */
let seq = 0;
/** Handing the sockets back, and the retry for those that could not go yet. */
let returning = false;
let retry: NodeJS.Timeout | null = null;
let closed: number[] = [];
let reportTimer: NodeJS.Timeout | null = null;
const tell = (message: FromWorker) => tellPool(message);
const report = () => {
  reportTimer = null;
  tell({ type: 'count', open: sockets.size, accepted, closed });
  closed = [];
};
const scheduleReport = () => {
  reportTimer ??= setTimeout(report, COUNT_EVERY_MS);
};
/** The plain-data options (the send bound) from the parent. */
const options = poolOptions<WorkerOptions>();
const sockets = new LiveSockets({ ...options, onSizeChange: scheduleReport });
sockets.listen({
  auth: (id, token) => tell({ type: 'auth', id, token }),
  closed: (id) => {
    closed.push(id);
    scheduleReport();
  },
});

/** Hands back every socket that can move now; tries the others again a moment later. */
const handBack = () => {
  if (retry) clearTimeout(retry);
  retry = null;
  for (const id of sockets.ids()) {
    const moving = sockets.release(id);
    if (!moving) continue;
    const { socket, rooms, version } = moving;
    if (!process.connected) {
      socket.destroy();
      continue;
    }
    process.send!(
      { type: 'returned', id, rooms, version, seq } satisfies FromWorker,
      socket,
      {},
      (err) => {
        if (err) socket.destroy();
      },
    );
  }
  if (returning && sockets.size > 0) retry = setTimeout(handBack, RETURN_RETRY_MS);
};

servePool<ToWorker>((message, handle?: Socket) => {
  switch (message.type) {
    case 'socket':
    case 'adopt': {
      accepted++;
      scheduleReport();
      if (!handle) return void closed.push(message.id); // the connection closed on the way
      handle.on('error', () => undefined);
      const { id, update } = message;
      if (message.type === 'socket') {
        sockets.accept({ id, req: message.req, socket: handle, head: message.head }, update);
      } else {
        sockets.adopt(
          { id, socket: handle, rooms: message.rooms, version: message.version },
          update,
        );
      }
      if (returning) handBack();
      return;
    }
    case 'update':
      sockets.publish(message.update, message.quiet);
      return;
    case 'room':
      seq = message.seq;
      sockets.send(message.room, message.bytes);
      return;
    case 'session':
      seq = message.seq;
      sockets.session(message.id, message.rooms, message.bytes);
      return;
    case 'return':
      returning = true;
      handBack();
      return;
    case 'keep':
      returning = false;
      if (retry) clearTimeout(retry);
      retry = null;
      return;
    case 'close':
      void sockets.close();
      setTimeout(() => process.exit(0), CLOSE_GRACE_MS);
      return;
  }
});
