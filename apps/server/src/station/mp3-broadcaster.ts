import type { ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { AddressLimit } from '../lib/address-limit.js';
import { printableAscii } from '../lib/text.js';
import { ICY_METAINT, ICY_NO_CHANGE, icyMetadataBlock } from './icy-metadata.js';
import { frameLength, Mp3FrameSplitter } from './mp3-frames.js';
import { connectionKey, readSendQueues, type SendQueues } from './tcp-send-queues.js';

/** Audio sent at once to a new listener (~3 s at 128 kb/s), so playback starts immediately. */
export const BURST_BYTES = 48 * 1024;
/** Bytes of the stream per second of audio (128 kb/s). */
export const MP3_BYTES_PER_SECOND = 16_000;
/**
 * Frames are gathered and written this often. Each write to a listener is one system call,
 * whose kernel cost (~10-15 µs on loopback, the receiver's wake-up included) hardly depends on
 * its size, so this sets most of what a listener costs: 2 writes a second of 8 KB each. A new
 * listener's 3 s burst covers the wait many times over.
 */
export const FLUSH_MS = 500;

/** Samples per MPEG-1 layer III frame. */
const SAMPLES_PER_FRAME = 1152;
/**
 * Samples between a PCM sample entering the encoder and the same sample in the decoded MP3:
 * LAME's 576 plus the decoder's 529 (the stream has no LAME tag telling players to trim it).
 * Measured by encoding silence then a tone with the station's encoder arguments.
 */
export const ENCODER_DELAY_SAMPLES = 1105;

export interface StationInfo {
  name: string;
  genre: string;
  url: string;
}

const headers = (info: StationInfo) => ({
  'content-type': 'audio/mpeg',
  'cache-control': 'no-cache, no-store',
  connection: 'close',
  'x-content-type-options': 'nosniff',
  'icy-name': printableAscii(info.name),
  'icy-genre': printableAscii(info.genre),
  'icy-url': printableAscii(info.url),
  'icy-br': '128',
});

/** A title change: the MP3 frame where its track's first sample is heard, and its block. */
interface Mark {
  frame: number;
  /** Null until the title is known; the previous title stays until then. */
  block: Buffer | null;
  title: string | null;
}

/**
 * Another consumer of the stream (a source client feeding a relay): each flush's bytes, and
 * the title in force where they end (null while the first title is not known yet).
 */
export type Mp3Sink = (bytes: Buffer, title: string | null) => void;

/** One flush: the bytes, where they sit in the stream, and the titles in force over them. */
interface Chunk {
  bytes: Buffer;
  start: number;
  /** The title at `start`, then each change at its stream offset. */
  title: Mark | null;
  changes: { at: number; mark: Mark }[];
}

export interface Mp3Limits {
  /** Streams one client address may hold open at once. */
  maxPerAddress: number;
  /**
   * Bytes a listener may fall behind, counting what waits in Node and in the kernel's send
   * buffer, before it is dropped: a stalled reader must not hold megabytes for minutes.
   */
  maxLagBytes: number;
  /** How often the kernel's send queues are looked at. */
  lagCheckMs: number;
  /** The kernel's send queues (tests hand in their own). */
  sendQueues: () => SendQueues;
}

export const DEFAULT_MP3_LIMITS: Mp3Limits = {
  maxPerAddress: 8,
  maxLagBytes: 10 * MP3_BYTES_PER_SECOND,
  lagCheckMs: 1000,
  sendQueues: readSendQueues,
};

interface Listener {
  address: string;
  /**
   * Where the audio goes: the response's socket, once the header is on its way. Writing to
   * the socket skips the HTTP response's per-write bookkeeping; the body is the raw stream
   * (no chunked framing, no length), so the bytes are the same.
   */
  out: Writable;
  /** The connection as the kernel's tables name it; null when its socket has no address. */
  key: string | null;
}

interface IcyListener {
  /** Audio bytes until this listener's next metadata block. */
  untilMeta: number;
  lastBlock: Buffer | null;
}

/**
 * The continuous MP3: encoder output cut into whole frames, gathered for FLUSH_MS and written
 * as one buffer, the same bytes to every listener's socket. A new listener first gets the
 * last BURST_BYTES; a listener that falls `maxLagBytes` behind is disconnected, and each
 * client address may hold `maxPerAddress` streams.
 *
 * Listeners that send `Icy-MetaData: 1` get the same audio cut every ICY_METAINT bytes by a
 * metadata block (built once per title); the title changes at the frame where the new track's
 * first sample is heard.
 */
export class Mp3Broadcaster {
  private readonly listeners = new Map<ServerResponse, Listener>();
  private readonly perAddress: AddressLimit;
  private readonly limits: Mp3Limits;
  private lagTimer: NodeJS.Timeout | null = null;
  private readonly sinks = new Set<Mp3Sink>();
  /** Listeners dropped for falling behind, since start. */
  dropped = 0;
  private readonly icy = new Map<ServerResponse, IcyListener>();
  private readonly splitter = new Mp3FrameSplitter();
  private pending: Buffer[] = [];
  private recent: Chunk[] = [];
  private recentBytes = 0;
  private timer: NodeJS.Timeout | null = null;
  private readonly headers: Record<string, string>;
  /** Frames out of the current encoder process. */
  private frames = 0;
  /** Stream bytes passed to `pending` so far, and where the pending ones start. */
  private pushed = 0;
  private pendingStart = 0;
  private marks: Mark[] = [];
  private title: Mark | null = null;
  private changes: { at: number; mark: Mark }[] = [];

  constructor(info: StationInfo, limits: Partial<Mp3Limits> = {}) {
    this.headers = headers(info);
    this.limits = { ...DEFAULT_MP3_LIMITS, ...limits };
    this.perAddress = new AddressLimit(this.limits.maxPerAddress);
  }

  /**
   * The track whose first sample is the encoder's input sample `sample` (counted from the
   * encoder's start). Answers a setter for its title, which may be looked up meanwhile.
   */
  trackAt(sample: number): (title: string) => void {
    const mark: Mark = {
      frame: Math.floor((sample + ENCODER_DELAY_SAMPLES) / SAMPLES_PER_FRAME),
      block: null,
      title: null,
    };
    this.marks.push(mark);
    return (title) => {
      mark.block = icyMetadataBlock(title);
      mark.title = title;
    };
  }

  /** A new encoder process starts counting frames from zero; marks made before are void. */
  encoderStarted(): void {
    this.frames = 0;
    this.marks = [];
  }

  start(): void {
    this.timer ??= setInterval(() => this.flush(), FLUSH_MS);
    this.lagTimer ??= setInterval(() => this.dropLagging(), this.limits.lagCheckMs);
  }

  /** Hands every flush to `sink` from now on; answers the way to stop. */
  subscribe(sink: Mp3Sink): () => void {
    this.sinks.add(sink);
    return () => this.sinks.delete(sink);
  }

  /** Whether `address` may open one more stream. */
  hasRoomFor(address: string): boolean {
    return this.perAddress.hasRoom(address);
  }

  get count(): number {
    return this.listeners.size;
  }

  /** Encoder output, in any chunking. */
  push(chunk: Buffer): void {
    const frames = this.splitter.push(chunk);
    if (frames.length === 0) return;
    for (let i = 0; i < frames.length;) {
      while (this.marks.length > 0 && this.marks[0]!.frame <= this.frames) {
        this.changes.push({ at: this.pushed + i, mark: this.marks.shift()! });
      }
      i += frameLength(frames, i) || frames.length;
      this.frames++;
    }
    this.pending.push(frames);
    this.pushed += frames.length;
  }

  /**
   * Takes over a response: the header, the burst, then live audio until the listener leaves.
   * The body is the raw MP3 (no chunked framing); it ends when the connection does.
   */
  add(res: ServerResponse, address: string, icyMetadata = false): void {
    if (!this.perAddress.tryAdd(address)) {
      res.destroy();
      return;
    }
    res.useChunkedEncodingByDefault = false;
    const icy = icyMetadata ? { untilMeta: ICY_METAINT, lastBlock: null } : null;
    res.writeHead(
      200,
      icy ? { ...this.headers, 'icy-metaint': String(ICY_METAINT) } : this.headers,
    );
    res.socket?.setNoDelay(true);
    res.flushHeaders();
    const socket = res.socket;
    const out: Writable = socket ?? res;
    for (const c of this.recent) {
      if (icy) writeIcy(out, icy, c);
      else out.write(c.bytes);
    }
    const key =
      socket?.remoteAddress && socket.remotePort && socket.localPort
        ? connectionKey(socket.remoteAddress, socket.remotePort, socket.localPort)
        : null;
    this.listeners.set(res, { address, key, out });
    if (icy) this.icy.set(res, icy);
    const gone = () => {
      if (this.listeners.delete(res)) this.perAddress.remove(address);
      this.icy.delete(res);
      // The connection ends with the stream: never left half-open behind a finished response.
      socket?.destroy();
    };
    res.on('close', gone);
    res.on('error', gone);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.lagTimer) clearInterval(this.lagTimer);
    this.timer = null;
    this.lagTimer = null;
    for (const res of [...this.listeners.keys()]) res.destroy();
    this.listeners.clear();
    this.icy.clear();
  }

  private flush(): void {
    if (this.pending.length === 0) return;
    const bytes = this.pending.length === 1 ? this.pending[0]! : Buffer.concat(this.pending);
    this.pending = [];
    const chunk: Chunk = {
      bytes,
      start: this.pendingStart,
      title: this.title,
      changes: this.changes,
    };
    this.pendingStart += bytes.length;
    this.title = this.changes.at(-1)?.mark ?? this.title;
    this.changes = [];
    this.remember(chunk);
    for (const sink of this.sinks) sink(bytes, this.title?.title ?? null);
    const withIcy = this.icy.size > 0;
    for (const [res, { out }] of this.listeners) {
      if (out.writableLength > this.limits.maxLagBytes) {
        this.drop(res);
        continue;
      }
      const icy = withIcy ? this.icy.get(res) : undefined;
      if (icy) writeIcy(out, icy, chunk);
      else out.write(bytes);
    }
  }

  /** Drops every listener whose unsent bytes, in Node and in the kernel, are over the limit. */
  private dropLagging(): void {
    if (this.listeners.size === 0) return;
    const queues = this.limits.sendQueues();
    for (const [res, listener] of this.listeners) {
      const inKernel = listener.key === null ? 0 : (queues.get(listener.key) ?? 0);
      if (listener.out.writableLength + inKernel > this.limits.maxLagBytes) this.drop(res);
    }
  }

  private drop(res: ServerResponse): void {
    const listener = this.listeners.get(res);
    if (!listener) return;
    this.listeners.delete(res);
    this.icy.delete(res);
    this.perAddress.remove(listener.address);
    this.dropped++;
    res.destroy();
  }

  private remember(chunk: Chunk): void {
    this.recent.push(chunk);
    this.recentBytes += chunk.bytes.length;
    while (
      this.recent.length > 1 &&
      this.recentBytes - this.recent[0]!.bytes.length >= BURST_BYTES
    ) {
      this.recentBytes -= this.recent.shift()!.bytes.length;
    }
  }
}

/**
 * Writes `chunk` to an ICY listener: its audio in slices, a metadata block wherever the
 * listener's metadata interval falls, carrying the title heard at that byte, or a zero byte
 * when the title is the one this listener was last sent.
 */
function writeIcy(res: Writable, icy: IcyListener, chunk: Chunk): void {
  const { bytes } = chunk;
  let i = 0;
  while (i < bytes.length) {
    const n = Math.min(icy.untilMeta, bytes.length - i);
    res.write(n === bytes.length ? bytes : bytes.subarray(i, i + n));
    i += n;
    icy.untilMeta -= n;
    if (icy.untilMeta > 0) break;
    icy.untilMeta = ICY_METAINT;
    let title = chunk.title;
    for (const c of chunk.changes) if (c.at <= chunk.start + i) title = c.mark;
    const block = title?.block ?? icy.lastBlock;
    if (block && block !== icy.lastBlock) {
      res.write(block);
      icy.lastBlock = block;
    } else res.write(ICY_NO_CHANGE);
  }
}
