import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import { ConnectionCap } from '../lib/connection-cap.js';
import { answerAndClose, rawAnswer } from './client-errors.js';
import { divertSources, type SourceTaker } from './source-connections.js';

/**
 * What a request body must bring in every window of `bodyWindowMs`, unless it is complete: a
 * slow link (13 kbit/s at the 10 s default) gets through, a client that trickles a few bytes to
 * hold the connection does not.
 */
export const BODY_MIN_BYTES = 16 * 1024;
/** How often bodies are looked at: a stalled one is cut within a second of its window's end. */
const TICK_MS = 1000;

export interface ConnectionGuardOptions {
  /** Plain HTTP connections one client address may hold open (HTTP_MAX_CONNECTIONS_PER_IP). */
  maxPerAddress: number;
  /** Proxies whose own connections are not capped: every client arrives through them. */
  trustProxy: readonly string[];
  /** The window in which a body must bring BODY_MIN_BYTES or end (HTTP_BODY_TIMEOUT_S). */
  bodyWindowMs: number;
  /** DJs' source connections, taken before Node's HTTP parser (source-connections.ts). */
  sources?: SourceTaker;
  /** How long a connection may take to send the start of its request. */
  firstBytesMs?: number;
}

/**
 * Guards the HTTP server against connections held open for nothing: each client address may
 * hold `maxPerAddress` plain HTTP connections (one more is answered 429 and closed before any
 * of it is read), and a request body that stops moving is cut with a 408. An upload of any
 * size is not cut while it keeps moving: what is measured is progress, not total time. The
 * headers have their own timeout, Node's `headersTimeout`, set where the server is made.
 */
export function guardConnections(server: Server, options: ConnectionGuardOptions): ConnectionCap {
  const trust = proxyAddr.compile([...options.trustProxy]);
  const cap = new ConnectionCap(options.maxPerAddress, (address) => trust(address, 0));
  // Node's own handling of a connection runs only for connections the cap admits: a refused
  // one is never parsed, so nothing it sends reaches a route.
  const handlers = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', (socket: Socket) => {
    if (!cap.admit(socket)) {
      return answerAndClose(socket, rawAnswer(429, 'Too many connections from your address.'));
    }
    const http = () => {
      for (const handle of handlers) handle.call(server, socket);
    };
    if (!options.sources) return http();
    divertSources(socket, options.sources, http, options.firstBytesMs ?? 10_000);
  });
  const bodies = new BodyProgress(options.bodyWindowMs);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => bodies.watch(req, res));
  server.once('close', () => bodies.stop());
  return cap;
}

interface Watched {
  req: IncomingMessage;
  res: ServerResponse;
  socket: Socket;
  /** When the current window began, and the connection's bytes read then. */
  since: number;
  readAtStart: number;
}

/** Every request whose body is still arriving, and whether it keeps moving. */
class BodyProgress {
  private readonly watched = new Set<Watched>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly windowMs: number) {}

  watch(req: IncomingMessage, res: ServerResponse): void {
    // A request has a body only when it says so (RFC 9112 §6.3): most, GETs, need no watching.
    const length = req.headers['content-length'];
    if (req.headers['transfer-encoding'] === undefined && (!length || length === '0')) return;
    const socket = req.socket;
    this.watched.add({ req, res, socket, since: Date.now(), readAtStart: socket.bytesRead });
    this.timer ??= setInterval(() => this.look(), TICK_MS).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.watched.clear();
  }

  private look(): void {
    const now = Date.now();
    for (const w of this.watched) {
      if (w.req.complete || w.socket.destroyed) {
        this.watched.delete(w);
        continue;
      }
      const read = w.socket.bytesRead;
      // Its buffer full, the server is the one not reading (a route busy before it reads the
      // body, an upload written to disk more slowly than it arrives): not the client's doing.
      const waitingForServer = w.req.readableLength >= w.req.readableHighWaterMark;
      if (
        waitingForServer ||
        (now - w.since >= this.windowMs && read - w.readAtStart >= BODY_MIN_BYTES)
      ) {
        w.since = now;
        w.readAtStart = read;
      } else if (now - w.since >= this.windowMs) {
        this.watched.delete(w);
        cut(w);
      }
    }
    if (this.watched.size === 0) this.stop();
  }
}

/**
 * Cuts a stalled body: the route never sees it complete. The 408 goes first; the client has
 * stopped sending, so nothing unread makes the close a reset that would overtake it.
 */
function cut({ res, socket }: Watched): void {
  socket.on('error', () => undefined);
  if (socket.writable && !res.headersSent) {
    socket.write(
      rawAnswer(408, 'The request body stopped arriving. Send it again on a steadier connection.'),
    );
  }
  socket.destroy();
}
