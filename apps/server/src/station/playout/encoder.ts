import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { PipeTaker } from '../../lib/pipe-taker.js';
import { BYTES_PER_SECOND, PCM_FORMAT_ARGS } from './pcm.js';

/**
 * The encoder's own playlist, dates as ffmpeg wrote them; listeners get a corrected copy. Each
 * process has its own name for it in the shared folder: a playout that stopped (or froze and
 * thawed) can never rewrite the playlist another playout publishes from.
 */
export const ENCODER_PLAYLIST = `.encoder-${crypto.randomBytes(4).toString('hex')}.m3u8`;
/** Any process's encoder playlist (old ones are swept). */
export const ENCODER_PLAYLIST_PATTERN = /^\.encoder-[0-9a-f]+\.m3u8$/;
/** A segment: the tag of the encoder run that wrote it, then its sequence number. */
export const HLS_SEGMENT_PATTERN = /^live-[a-z0-9]+-\d+\.ts$/;
/** Delay before a dead encoder is started again. */
export const RESTART_DELAY_MS = 500;
/** An encoder this far behind the clock is stuck: it is killed and restarted. */
const MAX_BACKLOG = 5 * BYTES_PER_SECOND;
/** While MP3 is wanted at once (`eager`), the pipe is looked at this often: under a frame. */
const EAGER_LOOK_MS = 10;

/** A tag no other encoder run has used: segment names never collide, even across nodes. */
export function newRunTag(now = Date.now()): string {
  return (
    now.toString(36) +
    Math.floor(Math.random() * 36 ** 3)
      .toString(36)
      .padStart(3, '0')
  );
}

/**
 * One ffmpeg: PCM in on stdin; HLS (AAC 128k, 2 s segments) to a folder; MP3 128k on stdout.
 * The playlist is appended to when it exists, after a discontinuity: a run taking over from
 * another (a restart, or another playout) continues the listeners' playlist.
 */
export function encoderArgs(hlsDir: string, run: string): string[] {
  return [
    ...['-hide_banner', '-nostdin', '-v', 'error'],
    // Raw PCM needs no probing; without these ffmpeg would sit on 5 s of input first.
    ...['-analyzeduration', '0', '-probesize', '32'],
    ...PCM_FORMAT_ARGS,
    ...['-i', 'pipe:0'],
    ...['-map', '0:a', '-c:a', 'aac', '-b:a', '128k'],
    ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '6'],
    ...['-hls_start_number_source', 'epoch'],
    ...[
      '-hls_flags',
      'delete_segments+program_date_time+omit_endlist+append_list+discont_start+temp_file',
    ],
    ...['-hls_segment_filename', path.join(hlsDir, `live-${run}-%d.ts`)],
    path.join(hlsDir, ENCODER_PLAYLIST),
    ...['-map', '0:a', '-c:a', 'libmp3lame', '-b:a', '128k'],
    ...['-id3v2_version', '0', '-write_xing', '0', '-flush_packets', '1'],
    ...['-f', 'mp3', 'pipe:1'],
  ];
}

/**
 * The long-lived encoder, supervised: if ffmpeg dies or stalls it is started again within a
 * second, and the PCM clock never waits for it. MP3 bytes go to `onMp3`.
 *
 * ffmpeg writes the MP3 frame by frame (`-flush_packets 1`: without it, it holds 32 KB, two
 * seconds of audio), some 38 writes a second. They are not read as they come: each would wake
 * this process (and make each of ffmpeg's writes wake it, which costs ffmpeg too). They wait
 * in the pipe and are taken at each PCM write, which the clock makes twice a second anyway,
 * with a synchronous read (`PipeTaker`): the pipe never wakes this process, not even once a
 * tick. A tick's MP3 reaches `onMp3` one or two ticks later (up to a second; listeners'
 * players hold seconds, and titles travel in the stream at their frame).
 */
export class Encoder {
  private child: ChildProcessWithoutNullStreams | null = null;
  /** The running ffmpeg's MP3, read at the clock's calls. */
  private mp3: PipeTaker | null = null;
  private stopped = false;
  private restartTimer: NodeJS.Timeout | null = null;
  /** PCM bytes handed to the running ffmpeg since it started. */
  fed = 0;
  /** Times ffmpeg died or stalled and was started again. */
  restarts = 0;
  /** Until then (performance.now()), MP3 is taken as ffmpeg writes it, not at the next write. */
  private eagerUntil = 0;
  private eagerTimer: NodeJS.Timeout | null = null;
  /** The tag of the current run, in the names of the segments it writes. */
  run = '';

  constructor(
    private readonly ffmpeg: string,
    private readonly hlsDir: string,
    private readonly onMp3: (chunk: Buffer) => void,
    private readonly log: FastifyBaseLogger,
    /** Called as each ffmpeg starts, before its first output. */
    private readonly onStart: () => void = () => undefined,
  ) {}

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    this.stopped = false;
    this.run = newRunTag();
    const child = spawn(this.ffmpeg, encoderArgs(this.hlsDir, this.run), {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child = child;
    this.fed = 0;
    this.onStart();
    let stderr = '';
    const mp3 = new PipeTaker(child.stdout);
    this.mp3 = mp3;
    child.stderr.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString('utf8')).slice(-2000);
    });
    child.stdin.on('error', () => undefined); // a dying encoder; 'close' handles it
    child.on('error', (err) => this.log.error({ err }, 'encoder could not start'));
    // The MP3 it wrote last, and the end of its output, so that 'close' comes.
    child.on('exit', () => this.take(mp3, true));
    child.on('close', (code, signal) => {
      if (this.child === child) this.child = null;
      if (this.stopped) return;
      this.log.error({ code, signal, stderr: stderr.trim() }, 'encoder stopped; restarting');
      this.restarts++;
      this.restartTimer = setTimeout(() => {
        this.restartTimer = null;
        if (this.stopped) return;
        this.start();
      }, RESTART_DELAY_MS);
    });
  }

  /**
   * Feeds PCM, and hands on the MP3 the encoder wrote since the last call. The PCM is dropped
   * while no encoder runs, so the clock keeps time regardless.
   */
  write(pcm: Buffer): void {
    const child = this.child;
    if (!child || child.stdin.destroyed) return;
    if (child.stdin.writableLength > MAX_BACKLOG) {
      this.log.error('encoder stalled; restarting');
      child.kill('SIGKILL');
      return;
    }
    child.stdin.write(pcm);
    this.fed += pcm.length;
    if (this.mp3) this.take(this.mp3);
  }

  private take(mp3: PipeTaker, toEnd = false): void {
    for (const chunk of mp3.take(toEnd)) this.onMp3(chunk);
  }

  /**
   * For `ms`, the MP3 is taken as ffmpeg writes it rather than at the next PCM write (the pipe
   * looked at every 10 ms, under a frame): a switch to or from a live show reaches listeners a
   * tick or two sooner. Costs a hundred wake-ups a second for that long.
   */
  eager(ms: number): void {
    const mp3 = this.mp3;
    if (!this.child || !mp3) return;
    this.eagerUntil = performance.now() + ms;
    if (this.eagerTimer) return;
    const look = () => {
      if (this.mp3 !== mp3 || performance.now() >= this.eagerUntil) {
        this.eagerTimer = null;
        return;
      }
      this.take(mp3);
      this.eagerTimer = setTimeout(look, EAGER_LOOK_MS);
    };
    look();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    const child = this.child;
    this.child = null;
    if (this.eagerTimer) clearTimeout(this.eagerTimer);
    this.eagerTimer = null;
    if (!child) return;
    await new Promise<void>((resolve) => {
      child.once('close', () => resolve());
      // What is left of the MP3 is let go, so that its end (and the close) can come.
      this.mp3?.release();
      child.stdin.end();
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
    });
  }
}
