/**
 * A live fan-out process (see fanout-processes.ts). It receives upgraded /ws connections with
 * the update to greet them with, and every later update, and runs them as `LiveSockets`:
 * framing, pings, refresh answers. It exits when its parent goes, kill -9 included.
 */
import type { Socket } from 'node:net';
import type { FromWorker, ToWorker } from './fanout-processes.js';
import { LiveSockets } from './live-sockets.js';

const COUNT_EVERY_MS = 100;
/** Close frames are written at once; the clients' answers are not waited for long. */
const CLOSE_GRACE_MS = 300;

let accepted = 0;
let reportTimer: NodeJS.Timeout | null = null;
const tell = (message: FromWorker) => {
  if (process.connected) process.send!(message);
};
const report = () => {
  reportTimer = null;
  tell({ type: 'count', open: sockets.size, accepted });
};
const scheduleReport = () => {
  reportTimer ??= setTimeout(report, COUNT_EVERY_MS);
};
const sockets = new LiveSockets({ onSizeChange: scheduleReport });

process.on('message', (message: ToWorker, handle?: Socket) => {
  switch (message.type) {
    case 'socket':
      accepted++;
      scheduleReport();
      if (!handle) return; // the connection closed on the way
      handle.on('error', () => undefined);
      sockets.accept(message.req, handle, message.head, message.update);
      return;
    case 'update':
      sockets.publish(message.update);
      return;
    case 'close':
      void sockets.close();
      setTimeout(() => process.exit(0), CLOSE_GRACE_MS);
      return;
  }
});
process.on('disconnect', () => process.exit(0));
tell({ type: 'ready' });
