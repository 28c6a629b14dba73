import type { Socket } from 'node:net';
import { printableAscii } from '../lib/text.js';
import { ICY_METAINT, ICY_NO_CHANGE, icyMetadataBlock } from './icy-metadata.js';
import { MP3_BYTES_PER_SECOND, type Mp3Chunk } from './mp3-stream.js';
import { connectionKey, readSendQueues, type SendQueues } from './tcp-send-queues.js';

/** Audio sent at once to a new listener (~3 s at 128 kb/s), so playback starts immediately. */
export const BURST_BYTES = 48 * 1024;

export interface StationInfo {
  name: string;
  genre: string;
  url: string;
}

export interface LagLimits {
  /**
   * Bytes a listener may fall behind, counting what waits in Node and in the kernel's send
   * buffer, before it is dropped: a stalled reader must not hold megabytes for minutes.
   */
  maxLagBytes: number;
  /** How often the kernel's send queues are looked at. */
  lagCheckMs: number;
}

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
}

/**
 * MP3 listeners' sockets, wherever they live (the server process or a listener process): the
 * response head, the last BURST_BYTES at once, then every chunk as it comes, the same bytes to
 * every socket. Listeners that sent `Icy-MetaData: 1` get the same audio cut every ICY_METAINT
 * bytes by a metadata block carrying the title heard at that byte (built once per title). A
 * listener that falls `maxLagBytes` behind is disconnected. `gone` hears of every listener
 * that leaves, dropped or not.
 */
export class Mp3Listeners {
  private readonly listeners = new Map<number, Listener>();
  private readonly limits: LagLimits;
  private readonly heads: { plain: Buffer; icy: Buffer };
  private lagTimer: NodeJS.Timeout | null = null;
  private readonly recent = new RecentChunks();
  private readonly blocks = new Map<string, Buffer>();
  /** Listeners dropped for falling behind, since start. */
  dropped = 0;

  constructor(
    info: StationInfo,
    private readonly gone: (id: number, dropped: boolean) => void,
    limits: Partial<LagLimits> = {},
    private readonly sendQueues: () => SendQueues = readSendQueues,
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
    const key =
      socket.remoteAddress && socket.remotePort && socket.localPort
        ? connectionKey(socket.remoteAddress, socket.remotePort, socket.localPort)
        : null;
    const listener: Listener = { id, socket, key, untilMeta: ICY_METAINT, lastTitle: null, icy };
    for (const c of this.recent.chunks) this.write(listener, c);
    this.listeners.set(id, listener);
    const leave = () => {
      if (this.listeners.get(id) !== listener) return;
      this.listeners.delete(id);
      this.gone(id, false);
      socket.destroy();
    };
    socket.on('close', leave);
    socket.on('error', leave);
    this.lagTimer ??= setInterval(() => this.dropLagging(), this.limits.lagCheckMs).unref();
  }

  /** Writes a chunk to every listener and keeps it for the bursts of listeners to come. */
  publish(chunk: Mp3Chunk): void {
    this.recent.add(chunk);
    for (const listener of this.listeners.values()) {
      if (listener.socket.writableLength > this.limits.maxLagBytes) this.drop(listener);
      else this.write(listener, chunk);
    }
  }

  /** Disconnects every listener (the stream has ended) and forgets the burst. */
  dropAll(): void {
    for (const listener of [...this.listeners.values()]) {
      this.listeners.delete(listener.id);
      listener.socket.destroy();
      this.gone(listener.id, false);
    }
    this.recent.clear();
  }

  close(): void {
    this.dropAll();
    if (this.lagTimer) clearInterval(this.lagTimer);
    this.lagTimer = null;
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

  /** Drops every listener whose unsent bytes, in Node and in the kernel, are over the limit. */
  private dropLagging(): void {
    if (this.listeners.size === 0) return;
    const queues = this.sendQueues();
    for (const listener of this.listeners.values()) {
      const inKernel = listener.key === null ? 0 : (queues.get(listener.key) ?? 0);
      if (listener.socket.writableLength + inKernel > this.limits.maxLagBytes) this.drop(listener);
    }
  }

  private drop(listener: Listener): void {
    if (!this.listeners.delete(listener.id)) return;
    this.dropped++;
    listener.socket.destroy();
    this.gone(listener.id, true);
  }
}
