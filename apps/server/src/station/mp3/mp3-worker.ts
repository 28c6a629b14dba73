/**
 * An MP3 listener process (see mp3-processes.ts). It receives listeners' connections, their
 * request already read, and every chunk of the stream, and runs them as `Mp3Listeners`: the
 * response head, the burst, ICY metadata, lag drops. Listeners that leave are reported to the
 * parent in batches; asked to, it hands them back, each at a chunk's end. It imports nothing but what that needs, so it stays small, and exits when
 * its parent goes, kill -9 included.
 */
import type { Socket } from 'node:net';
import { poolOptions, servePool, tellPool } from '../../lib/worker-pool-child.js';
import { Mp3Listeners } from './mp3-listeners.js';
import type { FromMp3Worker, Mp3WorkerOptions, ToMp3Worker } from './mp3-processes.js';

const REPORT_EVERY_MS = 100;

let gone: number[] = [];
let dropped: number[] = [];
let reportTimer: NodeJS.Timeout | null = null;
const tell = (message: FromMp3Worker) => tellPool(message);
const report = () => {
  reportTimer = null;
  tell({ type: 'gone', ids: gone, dropped });
  gone = [];
  dropped = [];
};

/** The plain-data options from the parent. */
const options = poolOptions<Mp3WorkerOptions>();
const leave = (id: number, lagging: boolean) => {
  gone.push(id);
  if (lagging) dropped.push(id);
  reportTimer ??= setTimeout(report, REPORT_EVERY_MS);
};
const listeners = new Mp3Listeners(options.info, leave, options.limits);
/** Asked to hand the listeners back: each goes as soon as nothing written to it waits here. */
let returning = false;
const handBack = () => {
  for (const id of [...listeners.ids()]) {
    const released = listeners.release(id);
    if (!released) continue;
    const { socket, place } = released;
    socket.pause();
    sendHandle({ type: 'returned', id, place }, socket);
  }
};
const sendHandle = (message: FromMp3Worker, socket: Socket) => {
  if (!process.connected) return socket.destroy();
  process.send!(message, socket, {}, (err: Error | null) => {
    if (err) socket.destroy();
  });
};

servePool<ToMp3Worker>((message, handle?: Socket) => {
  switch (message.type) {
    case 'listener':
      // The connection closed on the way.
      if (!handle) return leave(message.id, false);
      handle.on('error', () => undefined);
      // What the listener sends after its request is read and dropped, so that its hanging
      // up (the end of what it sends) is seen at once.
      handle.resume();
      listeners.add(message.id, handle, message.icy);
      return;
    case 'chunk':
      listeners.publish(message.chunk);
      if (returning) handBack();
      return;
    case 'return':
      returning = true;
      handBack();
      return;
    case 'keep':
      returning = false;
      return;
    case 'drop-all':
      listeners.dropAll();
      return;
    case 'close':
      listeners.close();
      report();
      setImmediate(() => process.exit(0));
      return;
  }
});
