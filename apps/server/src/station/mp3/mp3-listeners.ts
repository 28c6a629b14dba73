import type { Socket } from 'node:net';
import { printableAscii } from '../../lib/text.js';
import { ICY_METAINT, ICY_NO_CHANGE, icyMetadataBlock } from './icy-metadata.js';
import { MP3_BYTES_PER_SECOND, type Mp3Chunk } from './mp3-stream.js';
import {
  connectionKey,
  readSendQueues,
  type Families,
  type SendQueues,
} from './tcp-send-queues.js';

/** Audio sent at once to a new listener (~3 s at 128 kb/s), so playback starts immediately. */
export const BURST_BYTES = 48 * 1024;

export interface StationInfo {
  name: string;
  genre: string;
  url: string;
  description?: string;
}

export interface LagLimits {
  /**
   * Bytes a listener may fall behind, counting what waits in Node and in the kernel's send
   * buffer, before it is dropped: a stalled reader must not hold megabytes for minutes.
   */
  maxLagBytes: number;
  /**
   * The least time between two looks at the kernel's send queues; they are looked at only
   * when a listener may have come near the limit (see `Mp3Listeners`).
   */
  lagCheckMs: number;
}

/** A look at the send queues is due this far before a listener could reach the limit. */
const LAG_SLACK_BYTES = MP3_BYTES_PER_SECOND;

export const DEFAULT_LAG_LIMITS: LagLimits = {
  maxLagBytes: 10 * MP3_BYTES_PER_SECOND,
  lagCheckMs: 1000,
};

/**
 * The response head, written straight to the socket: the body is the raw MP3 (no chunked
 * framing, no length) and ends when the connection does.
 */
export function responseHead(info: StationInfo, icy: boolean): Buffer {
  const lines = [
    'HTTP/1.1 200 OK',
    'content-type: audio/mpeg',
    'cache-control: no-cache, no-store',
    'connection: close',
    'x-content-type-options: nosniff',
    `icy-name: ${printableAscii(info.name)}`,
    `icy-genre: ${printableAscii(info.genre)}`,
    `icy-url: ${printableAscii(info.url)}`,
    ...(info.description ? [`icy-description: ${printableAscii(info.description)}`] : []),
    'icy-br: 128',
    ...(icy ? [`icy-metaint: ${ICY_METAINT}`] : []),
  ];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

/** The last chunks, BURST_BYTES of them or just over: a new listener's first audio. */
export class RecentChunks {
  chunks: Mp3Chunk[] = [];
  private bytes = 0;

  add(chunk: Mp3Chunk): void {
    this.chunks.push(chunk);
    this.bytes += chunk.bytes.length;
    while (this.chunks.length > 1 && this.bytes - this.chunks[0]!.bytes.length >= BURST_BYTES) {
      this.bytes -= this.chunks.shift()!.bytes.length;
    }
  }

  clear(): void {
    this.chunks = [];
    this.bytes = 0;
  }
}

interface Listener {
  id: number;
  socket: Socket;
  /** The connection as the kernel's tables name it; null when its socket has no address. */
  key: string | null;
  /** For listeners that asked for ICY metadata: audio bytes until their next block. */
  untilMeta: number;
  lastTitle: string | null;
  icy: boolean;
  /** Its connection is in the kernel's IPv6 table (IPv4-mapped addresses included). */
  v6: boolean;
  /** Removes it when its socket closes or fails (unhooked when it moves to another process). */
  leave: () => void;
}

/**
 * Where a listener is in the stream, as plain data: enough for another process to carry on
 * writing to its socket without a byte missing or repeated (see `release` and `adopt`).
 */
export interface ListenerPlace {
  icy: boolean;
  untilMeta: number;
  lastTitle: string | null;
  /** The stream offset its socket has been written up to. */
  position: number;
}

/**
 * MP3 listeners' sockets, wherever they live (the server process or a listener process): the
 * response head, the last BURST_BYTES at once, then every chunk as it comes, the same bytes to
 * every socket. Listeners that sent `Icy-MetaData: 1` get the same audio cut every ICY_METAINT
 * bytes by a metadata block carrying the title heard at that byte (built once per title). A
 * listener that falls `maxLagBytes` behind is disconnected. `gone` hears of every listener
 * that leaves, dropped or not.
 *
 * A listener's lag counts the bytes the kernel still holds for it, read from its connection
 * table (/proc/net/tcp), and each read walks the machine's whole table: about a millisecond
 * of kernel time on a large machine, whatever the number of listeners. A lag grows only by
 * what is written to the listener, so the table is read only when the lag of the listener
 * furthest behind at the last look, plus everything written since (a new listener's burst
 * included), could be near the limit: every eight seconds or so at the stream's pace, at most
 * every `lagCheckMs` however fast it goes. Only the address families in use are read.
 */
export class Mp3Listeners {
  private readonly listeners = new Map<number, Listener>();
  private readonly limits: LagLimits;
  private readonly heads: { plain: Buffer; icy: Buffer };
  private lagTimer: NodeJS.Timeout | null = null;
  /** At most this many bytes behind: the worst lag at the last look, and all written since. */
  private lagBound = 0;
  private lastLagCheck = Number.NEGATIVE_INFINITY;
  private readonly families = { v4: 0, v6: 0 };
  private icyCount = 0;
  private readonly recent = new RecentChunks();
  private readonly blocks = new Map<string, Buffer>();
  /** The stream offset where the last chunk published ends: every listener's place. */
  private position = 0;
  /** Listeners dropped for falling behind, since start. */
  dropped = 0;

  constructor(
    info: StationInfo,
    private readonly gone: (id: number, dropped: boolean) => void,
    limits: Partial<LagLimits> = {},
    private readonly sendQueues: (families: Families) => SendQueues = readSendQueues,
  ) {
    this.limits = { ...DEFAULT_LAG_LIMITS, ...limits };
    this.heads = { plain: responseHead(info, false), icy: responseHead(info, true) };
  }

  get count(): number {
    return this.listeners.size;
  }

  /** Takes over a connection whose request has been read: the head, the burst, live audio. */
  add(id: number, socket: Socket, icy: boolean): void {
    if (socket.destroyed) return this.gone(id, false);
    socket.setNoDelay(true);
    socket.write(icy ? this.heads.icy : this.heads.plain);
    const place = { icy, untilMeta: ICY_METAINT, lastTitle: null, position: -1 };
    this.attach(id, socket, place);
  }

  /** The listeners' ids. */
  ids(): IterableIterator<number> {
    return this.listeners.keys();
  }

  /**
   * Lets go of listener `id` without closing its socket, so that another process can carry on
   * from its place: only once everything written to it has reached the kernel (what the
   * kernel holds moves with the connection), so null while bytes still wait here.
   */
  release(id: number): { socket: Socket; place: ListenerPlace } | null {
    const listener = this.listeners.get(id);
    if (!listener || listener.socket.writableLength > 0) return null;
    this.forget(listener);
    const { socket, icy, untilMeta, lastTitle } = listener;
    socket.off('close', listener.leave);
    socket.off('error', listener.leave);
    return { socket, place: { icy, untilMeta, lastTitle, position: this.position } };
  }

  /**
   * Takes over a listener another process released: the chunks it has not had yet (from the
   * recent ones), then live audio, with its ICY metadata where it would have come.
   */
  adopt(id: number, socket: Socket, place: ListenerPlace): void {
    if (socket.destroyed) return this.gone(id, false);
    this.attach(id, socket, place);
  }

  /** Writes the recent chunks after `place.position` (all of them when it is -1), then lists it. */
  private attach(id: number, socket: Socket, place: ListenerPlace): void {
    const key =
      socket.remoteAddress && socket.remotePort && socket.localPort
        ? connectionKey(socket.remoteAddress, socket.remotePort, socket.localPort)
        : null;
    const v6 = socket.remoteFamily === 'IPv6';
    const listener: Listener = {
      id,
      socket,
      key,
      untilMeta: place.untilMeta,
      lastTitle: place.lastTitle,
      icy: place.icy,
      v6,
      leave: () => {
        if (!this.forget(listener)) return;
        this.gone(id, false);
        socket.destroy();
      },
    };
    for (const c of this.recent.chunks) {
      if (c.start + c.bytes.length > place.position) this.write(listener, c);
    }
    this.listeners.set(id, listener);
    this.families[v6 ? 'v6' : 'v4']++;
    if (place.icy) this.icyCount++;
    socket.on('close', listener.leave);
    socket.on('error', listener.leave);
    // It starts as far behind as its burst; looked at, if need be, before the next chunk, once
    // it has had time to read the burst.
    this.lagBound = Math.max(this.lagBound, socket.writableLength + BURST_BYTES);
  }

  /** Writes a chunk to every listener and keeps it for the bursts of listeners to come. */
  publish(chunk: Mp3Chunk): void {
    this.recent.add(chunk);
    this.position = chunk.start + chunk.bytes.length;
    // Looked at before the chunk goes out, when it would take a listener near the limit: right
    // after, every listener would still hold the chunk itself.
    this.watchLag(chunk.bytes.length + this.icyBytes(chunk));
    for (const listener of this.listeners.values()) {
      if (listener.socket.writableLength > this.limits.maxLagBytes) this.drop(listener);
      else this.write(listener, chunk);
    }
  }

  /** Disconnects every listener (the stream has ended) and forgets the burst. */
  dropAll(): void {
    for (const listener of [...this.listeners.values()]) {
      this.forget(listener);
      listener.socket.destroy();
      this.gone(listener.id, false);
    }
    this.recent.clear();
  }

  close(): void {
    this.dropAll();
    if (this.lagTimer) clearTimeout(this.lagTimer);
    this.lagTimer = null;
    this.lagBound = 0;
  }

  private write(listener: Listener, chunk: Mp3Chunk): void {
    if (listener.icy) this.writeIcy(listener, chunk);
    else listener.socket.write(chunk.bytes);
  }

  /**
   * Writes `chunk` to an ICY listener: its audio in slices, a metadata block wherever the
   * listener's metadata interval falls, carrying the title heard at that byte, or a zero byte
   * when the title is the one this listener was last sent (or is not known yet).
   */
  private writeIcy(listener: Listener, chunk: Mp3Chunk): void {
    const { bytes } = chunk;
    const { socket } = listener;
    let i = 0;
    while (i < bytes.length) {
      const n = Math.min(listener.untilMeta, bytes.length - i);
      socket.write(n === bytes.length ? bytes : bytes.subarray(i, i + n));
      i += n;
      listener.untilMeta -= n;
      if (listener.untilMeta > 0) break;
      listener.untilMeta = ICY_METAINT;
      let title = chunk.title;
      for (const c of chunk.changes) if (c.at <= chunk.start + i) title = c.title;
      if (title !== null && title !== listener.lastTitle) {
        socket.write(this.block(title));
        listener.lastTitle = title;
      } else socket.write(ICY_NO_CHANGE);
    }
  }

  private block(title: string): Buffer {
    let block = this.blocks.get(title);
    if (!block) {
      // Titles change every few minutes: a handful is all that is ever needed.
      if (this.blocks.size >= 16) this.blocks.clear();
      block = icyMetadataBlock(title);
      this.blocks.set(title, block);
    }
    return block;
  }

  /**
   * Counts `coming` more bytes towards every listener's lag, looking at the send queues first
   * when that could take one near the limit: at once, or as soon as `lagCheckMs` has passed
   * since the last look.
   */
  private watchLag(coming: number): void {
    if (this.listeners.size === 0) {
      this.lagBound = 0;
      return;
    }
    const near = this.lagBound + coming + LAG_SLACK_BYTES >= this.limits.maxLagBytes;
    if (near && !this.lagTimer) {
      const wait = this.lastLagCheck + this.limits.lagCheckMs - performance.now();
      if (wait <= 0) this.dropLagging();
      else {
        this.lagTimer = setTimeout(() => {
          this.lagTimer = null;
          this.dropLagging();
        }, wait).unref();
      }
    }
    this.lagBound += coming;
  }

  /**
   * Drops every listener whose unsent bytes, in Node and in the kernel, are over the limit; the
   * worst lag of the others is where the bound starts again.
   */
  private dropLagging(): void {
    this.lastLagCheck = performance.now();
    if (this.listeners.size === 0) return;
    const queues = this.sendQueues({ v4: this.families.v4 > 0, v6: this.families.v6 > 0 });
    let worst = 0;
    for (const listener of this.listeners.values()) {
      const inKernel = listener.key === null ? 0 : (queues.get(listener.key) ?? 0);
      const lag = listener.socket.writableLength + inKernel;
      if (lag > this.limits.maxLagBytes) this.drop(listener);
      else worst = Math.max(worst, lag);
    }
    this.lagBound = worst;
  }

  /**
   * The most metadata an ICY listener can get with `chunk`: a block at each metadata interval
   * the chunk crosses, each at most as long as the longest title the chunk carries.
   */
  private icyBytes(chunk: Mp3Chunk): number {
    if (this.icyCount === 0) return 0;
    let longest = ICY_NO_CHANGE.length;
    for (const title of [chunk.title, ...chunk.changes.map((c) => c.title)]) {
      if (title !== null) longest = Math.max(longest, this.block(title).length);
    }
    return (Math.floor(chunk.bytes.length / ICY_METAINT) + 1) * longest;
  }

  /** Removes a listener still here from the lists; false when it had already left. */
  private forget(listener: Listener): boolean {
    if (this.listeners.get(listener.id) !== listener) return false;
    this.listeners.delete(listener.id);
    this.families[listener.v6 ? 'v6' : 'v4']--;
    if (listener.icy) this.icyCount--;
    return true;
  }

  private drop(listener: Listener): void {
    if (!this.forget(listener)) return;
    this.dropped++;
    listener.socket.destroy();
    this.gone(listener.id, true);
  }
}
