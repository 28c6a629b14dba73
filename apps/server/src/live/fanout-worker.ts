/**
 * A live fan-out process (see fanout-processes.ts). It receives upgraded /ws connections with
 * the update to greet them with, and every later message, and runs them as `LiveSockets`:
 * framing, send bounds, pings, refresh answers, rooms. Auth requests go to the parent, which
 * answers with the socket's session; closed connections are reported with the socket count.
 * It exits when its parent goes, kill -9 included.
 */
import type { Socket } from 'node:net';
import { poolOptions, servePool, tellPool } from '../lib/worker-pool-child.js';
import type { FromWorker, ToWorker, WorkerOptions } from './fanout-processes.js';
import { LiveSockets } from './live-sockets.js';

const COUNT_EVERY_MS = 100;
/** Close frames are written at once; the clients' answers are not waited for long. */
const CLOSE_GRACE_MS = 300;

let accepted = 0;
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

servePool<ToWorker>((message, handle?: Socket) => {
  switch (message.type) {
    case 'socket': {
      accepted++;
      scheduleReport();
      if (!handle) return void closed.push(message.id); // the connection closed on the way
      handle.on('error', () => undefined);
      const { id, req, head, update } = message;
      sockets.accept({ id, req, socket: handle, head }, update);
      return;
    }
    case 'update':
      sockets.publish(message.update, message.quiet);
      return;
    case 'room':
      sockets.send(message.room, message.bytes);
      return;
    case 'session':
      sockets.session(message.id, message.rooms, message.bytes);
      return;
    case 'close':
      void sockets.close();
      setTimeout(() => process.exit(0), CLOSE_GRACE_MS);
      return;
  }
});
