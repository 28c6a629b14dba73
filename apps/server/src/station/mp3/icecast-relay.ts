import net from 'node:net';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { StationInfo } from './mp3-listeners.js';
import { printableAscii } from '../../lib/text.js';

/** Bytes waiting for Icecast (about 16 s of audio) before the connection is started over. */
const MAX_PENDING_BYTES = 256 * 1024;
/** Waits between attempts to reach Icecast: 1, 2, 4 … seconds, at most this. */
const MAX_RETRY_MS = 30_000;
/** How long Icecast may take to accept the source. */
const HANDSHAKE_MS = 10_000;

export interface IcecastTarget {
  /** `http://source:password@host:port/mount` (`https://` for TLS). */
  url: URL;
  info: StationInfo;
}

/** Parses ICECAST_SOURCE_URL; throws a sentence naming what is wrong. */
export function icecastTarget(raw: string, info: StationInfo): IcecastTarget {
  const url = new URL(raw);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('must be an http:// or https:// URL');
  }
  if (!url.password) throw new Error('must carry the source password (http://source:PASSWORD@…)');
  if (url.pathname.length < 2) throw new Error('must name the mount (…/live.mp3)');
  return { url, info };
}

const basic = (url: URL) =>
  `Basic ${Buffer.from(`${decodeURIComponent(url.username || 'source')}:${decodeURIComponent(url.password)}`).toString('base64')}`;

/**
 * A source client that pushes the station's MP3 to an Icecast mount, as Liquidsoap or
 * BUTT would: an HTTP PUT whose body is the stream, started over (with growing waits) whenever
 * Icecast goes away, and the title sent to Icecast's metadata endpoint whenever it changes, so
 * that Icecast's own listeners hear `StreamTitle` as the station's do.
 */
export class IcecastRelay {
  private socket: net.Socket | null = null;
  private streaming = false;
  private retryMs = 1000;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private title: string | null = null;
  private sentTitle: string | null = null;
  /** Bytes written to Icecast since start; titles sent. */
  bytesSent = 0;
  titlesSent = 0;

  constructor(
    private readonly target: IcecastTarget,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Connects; from then on `write` feeds the mount. */
  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.socket?.destroy();
    this.socket = null;
    this.streaming = false;
  }

  /** One flush of the stream and the title in force where it ends. */
  write(bytes: Buffer, title: string | null): void {
    if (title !== null) this.title = title;
    const socket = this.socket;
    if (!socket || !this.streaming) return;
    if (socket.writableLength > MAX_PENDING_BYTES) {
      this.log.warn('Icecast is not taking the stream fast enough: reconnecting');
      this.restart();
      return;
    }
    socket.write(bytes);
    this.bytesSent += bytes.length;
    if (this.title !== null && this.title !== this.sentTitle) void this.sendTitle(this.title);
  }

  private connect(): void {
    const { url, info } = this.target;
    const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
    const socket =
      url.protocol === 'https:'
        ? tls.connect({ host: url.hostname, port, servername: url.hostname })
        : net.connect({ host: url.hostname, port });
    this.socket = socket;
    this.streaming = false;
    socket.setNoDelay(true);
    socket.setTimeout(HANDSHAKE_MS, () => socket.destroy(new Error('no answer from Icecast')));
    const head = [
      `PUT ${url.pathname} HTTP/1.1`,
      `Host: ${url.host}`,
      `Authorization: ${basic(url)}`,
      'User-Agent: Queuecast',
      'Content-Type: audio/mpeg',
      `Ice-Name: ${printableAscii(info.name)}`,
      `Ice-Genre: ${printableAscii(info.genre)}`,
      `Ice-Url: ${printableAscii(info.url)}`,
      ...(info.description ? [`Ice-Description: ${printableAscii(info.description)}`] : []),
      'Ice-Public: 0',
      'Ice-Audio-Info: bitrate=128',
      'Expect: 100-continue',
      '',
      '',
    ].join('\r\n');
    socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => socket.write(head));
    let answer = '';
    const onData = (data: Buffer) => {
      answer += data.toString('latin1');
      if (!answer.includes('\r\n')) return;
      socket.off('data', onData);
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
      if (status === 100 || status === 200) {
        socket.setTimeout(0);
        this.streaming = true;
        this.retryMs = 1000;
        this.sentTitle = null;
        this.log.info({ mount: url.pathname, host: url.host }, 'streaming to Icecast');
        // Anything Icecast says later is of no use to a source; keep the socket drained.
        socket.resume();
      } else {
        this.log.error(
          { status, answer: answer.split('\r\n')[0] },
          'Icecast refused the source (check ICECAST_SOURCE_URL and the mount)',
        );
        socket.destroy();
      }
    };
    socket.on('data', onData);
    socket.on('error', (err: Error) =>
      this.log.warn({ err: err.message }, 'Icecast connection failed'),
    );
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.streaming = false;
      this.scheduleRetry();
    });
  }

  private restart(): void {
    const socket = this.socket;
    this.socket = null;
    this.streaming = false;
    socket?.destroy();
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    if (this.stopped || this.retryTimer) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, wait);
    this.retryTimer.unref();
  }

  /** Icecast's metadata endpoint takes the source's own credentials for its mount. */
  private async sendTitle(title: string): Promise<void> {
    this.sentTitle = title;
    const { url } = this.target;
    const admin = new URL('/admin/metadata', url);
    admin.username = '';
    admin.password = '';
    admin.search = new URLSearchParams({
      mount: url.pathname,
      mode: 'updinfo',
      song: title,
    }).toString();
    try {
      const res = await fetch(admin, {
        headers: { authorization: basic(url) },
        signal: AbortSignal.timeout(5000),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`status ${res.status}`);
      this.titlesSent++;
    } catch (err) {
      this.log.warn({ err: (err as Error).message }, 'Icecast did not take the title');
      // Tried again with the next flush.
      if (this.sentTitle === title) this.sentTitle = null;
    }
  }
}
