import type { Socket } from 'node:net';
import { LIVE_MOUNT } from '@queuecast/contract';

/**
 * Where DJs' source connections go: the live input of the node (null on a node that takes
 * none; such a connection then meets Node's HTTP parser and its 400).
 */
export interface SourceTaker {
  take: ((socket: Socket, first: Buffer) => void) | null;
}

/**
 * How a source client's request begins: Icecast's own method, a PUT to the live mount, or the
 * `OPTIONS *` libshout opens with (asking for TLS, then streaming on the same connection).
 */
const SOURCE_STARTS = ['SOURCE ', `PUT ${LIVE_MOUNT} `, `PUT ${LIVE_MOUNT}?`, 'OPTIONS * '].map(
  (s) => Buffer.from(s, 'latin1'),
);

/** Whether the first bytes of a connection begin a source's request, do not, or cannot tell yet. */
export function sourceVerdict(first: Buffer): 'source' | 'http' | 'undecided' {
  let undecided = false;
  for (const start of SOURCE_STARTS) {
    const n = Math.min(first.length, start.length);
    if (first.compare(start, 0, n, 0, n) !== 0) continue;
    if (n === start.length) return 'source';
    undecided = true;
  }
  return undecided ? 'undecided' : 'http';
}

/**
 * Reads a connection's first bytes before Node's HTTP parser does: a source client's body is
 * audio without a length (Icecast's `SOURCE`, and the `PUT` ffmpeg sends without
 * Content-Length or chunking), which the parser would take for the next request. A source's
 * connection goes to `sources.take` with what was read; any other is given back to the parser
 * (`http`) with its bytes put back in front. A connection that says nothing decisive within
 * `timeoutMs` is closed.
 */
export function divertSources(
  socket: Socket,
  sources: SourceTaker,
  http: () => void,
  timeoutMs: number,
): void {
  let seen: Buffer = Buffer.alloc(0);
  const timer = setTimeout(() => socket.destroy(), timeoutMs);
  const done = () => {
    clearTimeout(timer);
    socket.removeListener('data', onData);
    socket.removeListener('close', onClose);
    socket.removeListener('end', onEnd);
    socket.removeListener('error', onError);
    socket.pause();
  };
  const onClose = () => clearTimeout(timer);
  // The server's sockets stay half open when the client ends its side (Node's HTTP handling
  // closes them itself): one that ends before saying anything is closed here.
  const onEnd = () => {
    done();
    socket.destroy();
  };
  const onError = () => {
    done();
    socket.destroy();
  };
  const onData = (d: Buffer) => {
    seen = seen.length === 0 ? d : Buffer.concat([seen, d]);
    const verdict = sourceVerdict(seen);
    if (verdict === 'undecided') return;
    done();
    const take = sources.take;
    if (verdict === 'source' && take) return take(socket, seen);
    socket.unshift(seen);
    http();
    socket.resume();
  };
  socket.on('data', onData);
  socket.on('close', onClose);
  socket.on('end', onEnd);
  socket.on('error', onError);
}
