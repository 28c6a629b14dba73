import type { ServerResponse } from 'node:http';
import { Mp3FrameSplitter } from './mp3-frames.js';

/** Audio sent at once to a new listener (~3 s at 128 kb/s), so playback starts immediately. */
export const BURST_BYTES = 48 * 1024;
/** A listener this far behind (~16 s of audio unsent) is dropped rather than slowing anyone. */
export const MAX_BACKLOG_BYTES = 256 * 1024;
/** Frames are gathered and written this often: fewer, larger writes per listener. */
export const FLUSH_MS = 250;

const headers = (stationName: string) => ({
  'content-type': 'audio/mpeg',
  'cache-control': 'no-cache, no-store',
  connection: 'close',
  'x-content-type-options': 'nosniff',
  'icy-name': stationName.replace(/[^\x20-\x7e]/g, '?'),
  'icy-br': '128',
});

/**
 * The continuous MP3: encoder output cut into whole frames, gathered for FLUSH_MS and written
 * as one buffer, the same bytes to every listener's socket. A new listener first gets the
 * last BURST_BYTES; a listener that cannot keep up is disconnected.
 */
export class Mp3Broadcaster {
  private readonly listeners = new Set<ServerResponse>();
  private readonly splitter = new Mp3FrameSplitter();
  private pending: Buffer[] = [];
  private recent: Buffer[] = [];
  private recentBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly headers: Record<string, string>;

  constructor(stationName: string) {
    this.headers = headers(stationName);
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

  /**
   * Takes over a response: the header, the burst, then live audio until the listener leaves.
   * The body is the raw MP3 (no chunked framing); it ends when the connection does.
   */
  add(res: ServerResponse): void {
    res.useChunkedEncodingByDefault = false;
    res.writeHead(200, this.headers);
    res.socket?.setNoDelay(true);
    for (const b of this.recent) res.write(b);
    this.listeners.add(res);
    const socket = res.socket;
    const gone = () => {
      this.listeners.delete(res);
      // The connection ends with the stream: never left half-open behind a finished response.
      socket?.destroy();
    };
    res.on('close', gone);
    res.on('error', gone);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const res of this.listeners) res.destroy();
    this.listeners.clear();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    this.remember(bytes);
    for (const res of this.listeners) {
      if ((res.socket?.writableLength ?? 0) > MAX_BACKLOG_BYTES) {
        this.listeners.delete(res);
        res.destroy();
        continue;
      }
      res.write(bytes);
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
