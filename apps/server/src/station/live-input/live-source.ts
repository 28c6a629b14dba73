import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { PCM_FORMAT_ARGS } from '../playout/pcm.js';
import { demuxerOf, demuxerOfType, SNIFF_LIMIT, type LiveDemuxer } from './input-format.js';
import { LoudnessFollower } from './loudness.js';
import { OggComments } from './ogg-comments.js';

/** No bytes from the source for this long: it is gone (a dead link, a frozen client). */
export const STALL_MS = 5000;
/** Bytes of a source that decode to nothing past this are not audio. */
const GARBAGE_BYTES = 256 * 1024;
/** Nor are bytes that have not decoded to anything after this long. */
const GARBAGE_MS = 8000;
/** The format is judged from the bytes that came in this long, at most, then by the type. */
const SNIFF_MS = 3000;
/** What is kept of ffmpeg's complaints, for the log. */
const STDERR_CHARS = 2000;

/** Who is on the other end, as the request said. */
export interface SourceInfo {
  dj: { id: number; username: string };
  /** The show's name (`ice-name`), if the client gave one. */
  show: string | null;
  contentType: string | undefined;
  userAgent: string | undefined;
}

/**
 * ffmpeg's arguments for a live source: the demuxer forced (never guessed, never from a URL),
 * no protocol but the pipe it reads, no probing beyond the first bytes (ffmpeg would otherwise
 * sit on a second or more of the DJ's audio before decoding any), the station's PCM out, each
 * packet written as it is decoded.
 */
export function liveDecoderArgs(demuxer: LiveDemuxer): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    ...['-probesize', '32', '-analyzeduration', '0', '-fflags', '+nobuffer'],
    ...['-protocol_whitelist', 'pipe', '-f', demuxer, '-i', 'pipe:0'],
    ...['-vn', '-sn', '-dn'],
    ...PCM_FORMAT_ARGS,
    ...['-flush_packets', '1', 'pipe:1'],
  ];
}

/**
 * One connected source client: its bytes go to an ffmpeg of its own, whose PCM is brought
 * toward the station's loudness and handed on (`onPcm`); titles in Ogg stream comments come
 * out as `onTitle`. It ends (`onEnd`, once, with the reason) when the client goes, stops
 * sending for STALL_MS, sends what does not decode, or is ended by the station.
 */
export class LiveSource {
  onPcm: (pcm: Buffer) => void = () => undefined;
  onTitle: (title: string) => void = () => undefined;
  onEnd: (reason: string) => void = () => undefined;
  /** Epoch seconds of the first decoded audio, once there is some. */
  firstAudioAt: number | null = null;
  readonly connectedAt = Date.now();
  private child: ChildProcessWithoutNullStreams | null = null;
  private demuxer: LiveDemuxer | null = null;
  private sniffed: Buffer[] = [];
  private sniffedBytes = 0;
  private received = 0;
  private decoded = 0;
  private lastByteAt = Date.now();
  private stderr = '';
  private comments: OggComments | null = null;
  private readonly loudness = new LoudnessFollower();
  private watch: NodeJS.Timeout | null = null;
  private ended = false;

  constructor(
    private readonly ffmpeg: string,
    private readonly socket: Socket,
    first: Buffer,
    readonly info: SourceInfo,
    private readonly log: FastifyBaseLogger,
  ) {
    if (first.length > 0) this.sniffed.push(first);
    this.sniffedBytes = first.length;
    this.received = first.length;
  }

  /** Bytes the client sent so far; PCM bytes decoded so far. */
  get counts(): { received: number; decoded: number } {
    return { received: this.received, decoded: this.decoded };
  }

  start(): void {
    const { socket } = this;
    socket.setNoDelay(true);
    socket.on('data', (d: Buffer) => this.bytes(d));
    socket.on('end', () => this.clientDone());
    socket.on('error', () => this.end('the connection failed'));
    socket.on('close', () => this.clientDone());
    socket.resume();
    this.watch = setInterval(() => this.check(), 1000);
    if (this.sniffedBytes > 0) this.decide(false);
  }

  /** Ends the source: the connection is closed, ffmpeg stopped. Idempotent. */
  end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    if (this.watch) clearInterval(this.watch);
    this.socket.destroy();
    this.child?.kill('SIGKILL');
    this.child = null;
    this.onEnd(reason);
  }

  private bytes(d: Buffer): void {
    this.received += d.length;
    this.lastByteAt = Date.now();
    if (!this.demuxer) {
      this.sniffed.push(d);
      this.sniffedBytes += d.length;
      this.decide(false);
      return;
    }
    this.feed(d);
  }

  /** Judges the format once the bytes say (or SNIFF_LIMIT came, or SNIFF_MS passed). */
  private decide(giveUp: boolean): void {
    if (this.demuxer || this.ended) return;
    const head = Buffer.concat(this.sniffed);
    const byBytes = demuxerOf(head);
    const enough = giveUp || head.length >= SNIFF_LIMIT;
    const demuxer = byBytes ?? (enough ? demuxerOfType(this.info.contentType) : null);
    if (!demuxer) {
      if (enough) this.end('not MP3, Ogg (Vorbis, Opus) or AAC audio');
      return;
    }
    this.demuxer = demuxer;
    this.sniffed = [];
    if (demuxer === 'ogg') this.comments = new OggComments((title) => this.onTitle(title));
    this.spawnDecoder(demuxer);
    this.feed(head);
  }

  private spawnDecoder(demuxer: LiveDemuxer): void {
    const child = spawn(this.ffmpeg, liveDecoderArgs(demuxer), { stdio: ['pipe', 'pipe', 'pipe'] });
    this.child = child;
    child.stdin.on('error', () => undefined); // ffmpeg gone: 'close' says why
    child.stdin.on('drain', () => this.socket.resume());
    child.stdout.on('data', (pcm: Buffer) => {
      if (this.ended) return;
      if (this.firstAudioAt === null) this.firstAudioAt = Date.now() / 1000;
      this.decoded += pcm.length;
      this.onPcm(this.loudness.process(pcm));
    });
    child.stderr.on('data', (d: Buffer) => {
      this.stderr = (this.stderr + d.toString('utf8')).slice(-STDERR_CHARS);
    });
    child.on('error', (err) => this.end(`the decoder could not start: ${err.message}`));
    child.on('close', (code) => {
      if (this.child !== child) return;
      this.child = null;
      if (this.decoded === 0) this.end('the audio could not be decoded');
      else this.end(code === 0 ? 'the source finished' : 'the decoder stopped');
      if (code !== 0 && this.stderr.trim()) {
        this.log.info({ dj: this.info.dj.username, ffmpeg: this.stderr.trim() }, 'live decoder');
      }
    });
    this.log.info({ dj: this.info.dj.username, demuxer }, 'live source decoding');
  }

  private feed(d: Buffer): void {
    const child = this.child;
    if (!child) return;
    this.comments?.push(d);
    // ffmpeg behind: the client waits (TCP holds it back), nothing piles up here.
    if (!child.stdin.write(d)) this.socket.pause();
  }

  /** The client closed its side: what ffmpeg holds is decoded, then the source ends. */
  private clientDone(): void {
    if (this.ended) return;
    const child = this.child;
    if (!child) {
      this.end('the source disconnected');
      return;
    }
    child.stdin.end();
    setTimeout(() => this.end('the source disconnected'), 1000).unref();
  }

  private check(): void {
    const now = Date.now();
    if (!this.demuxer && now - this.connectedAt >= SNIFF_MS) this.decide(true);
    if (now - this.lastByteAt >= STALL_MS) {
      this.end(`no audio for ${STALL_MS / 1000} s`);
    } else if (
      this.decoded === 0 &&
      (this.received > GARBAGE_BYTES || (this.received > 0 && now - this.connectedAt > GARBAGE_MS))
    ) {
      this.end('the audio could not be decoded');
    }
  }
}
