import type { Socket } from 'node:net';
import { Mp3FrameSplitter } from './mp3-frames.js';

/** Audio sent at once to a new listener (~3 s at 128 kb/s), so playback starts immediately. */
export const BURST_BYTES = 48 * 1024;
/** A listener this far behind (~16 s of audio unsent) is dropped rather than slowing anyone. */
export const MAX_BACKLOG_BYTES = 256 * 1024;
/** Frames are gathered and written this often: fewer, larger writes per listener. */
export const FLUSH_MS = 250;

const HEADER = (stationName: string) =>
  Buffer.from(
    [
      'HTTP/1.1 200 OK',
      'Content-Type: audio/mpeg',
      'Cache-Control: no-cache, no-store',
      'Connection: close',
      'X-Content-Type-Options: nosniff',
      `icy-name: ${stationName.replace(/[^\x20-\x7e]/g, '?')}`,
      'icy-br: 128',
      '',
      '',
    ].join('\r\n'),
  );

/**
 * The continuous MP3: encoder output cut into whole frames, gathered for FLUSH_MS and written
 * as one buffer, the same bytes to every listener's socket. A new listener first gets the
 * last BURST_BYTES; a listener that cannot keep up is disconnected.
 */
export class Mp3Broadcaster {
  private readonly listeners = new Set<Socket>();
  private readonly splitter = new Mp3FrameSplitter();
  private pending: Buffer[] = [];
  private recent: Buffer[] = [];
  private recentBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly header: Buffer;
  dropped = 0;
  bytesOut = 0;

  constructor(stationName: string) {
    this.header = HEADER(stationName);
  }

  start(): void {
    this.timer ??= setInterval(() => this.flush(), FLUSH_MS);
  }

  get count(): number {
    return this.listeners.size;
  }

  /** Encoder output, in any chunking. */
  push(chunk: Buffer): void {
    const frames = this.splitter.push(chunk);
    if (frames.length > 0) this.pending.push(frames);
  }

  /** Takes over a raw connection: writes the response header, the burst, then live audio. */
  add(socket: Socket): void {
    socket.setNoDelay(true);
    socket.write(this.header);
    for (const b of this.recent) socket.write(b);
    this.listeners.add(socket);
    const remove = () => this.listeners.delete(socket);
    socket.on('close', remove);
    socket.on('error', remove);
    // Listeners send nothing; anything they do send is read and dropped.
    socket.on('data', () => undefined);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const s of this.listeners) s.destroy();
    this.listeners.clear();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.remember(bytes);
    for (const socket of this.listeners) {
      if (socket.writableLength > MAX_BACKLOG_BYTES) {
        this.dropped++;
        this.listeners.delete(socket);
        socket.destroy();
        continue;
      }
      socket.write(bytes);
      this.bytesOut += bytes.length;
    }
  }

  private remember(bytes: Buffer): void {
    this.recent.push(bytes);
    this.recentBytes += bytes.length;
    while (this.recent.length > 1 && this.recentBytes - this.recent[0]!.length >= BURST_BYTES) {
      this.recentBytes -= this.recent.shift()!.length;
    }
  }
}
