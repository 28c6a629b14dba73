import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DISK_MARGIN_BYTES } from '../../lib/disk-space.js';
import {
  decoderArgs,
  decoderInput,
  StderrTail,
  type DecodeSpec,
  type TrackAudio,
} from './decoder.js';
import { BYTES_PER_FRAME, BYTES_PER_SECOND, wholeFrames } from './pcm.js';

/** The spooled decoder runs below the encoder and the server: its burst is never urgent. */
const NICENESS = 10;

/**
 * One track decoded ahead into a spool file: ffmpeg writes the whole track's PCM as fast as it
 * can and exits, and the clock reads the file as the track plays. The decoder process lives for
 * a moment (ffmpeg takes about a tenth of a second to start and decodes a minute of MP3 in a
 * twentieth) instead of for the whole track, holding its own ~50 MiB all the while, and what
 * waits to be played waits in the file, not in this process. The file is unlinked as soon as
 * both ends hold it open: nothing is left behind by a crash, and its space is freed when the
 * track is done with. Reads come from the page cache in the tick's own turn.
 *
 * The clock reads no faster than real time, so a file still being written is read up to what
 * ffmpeg has written so far (`produced`, the file's size), as it would wait on a pipe.
 */
export class SpooledDecoder implements TrackAudio {
  private fd: number | null = null;
  private child: ChildProcess | null = null;
  private stderr = new StderrTail(null);
  private size = 0;
  consumed = 0;
  ended = false;
  failure: string | null = null;

  /**
   * Throws when the spool file cannot be made, or its disk has no room for the whole track and
   * a margin (the caller then decodes as the track plays: a full disk never cuts a track short
   * or makes it look undecodable).
   */
  constructor(ffmpeg: string, spec: DecodeSpec, dir: string) {
    const input = decoderInput(spec.file);
    if ('failure' in input) {
      this.fail(input.failure);
      return;
    }
    fs.mkdirSync(dir, { recursive: true });
    const { bavail, bsize } = fs.statfsSync(dir);
    if (bavail * bsize < spec.length * BYTES_PER_SECOND + DISK_MARGIN_BYTES) {
      throw new Error(`no room in ${dir} for the track's ${Math.ceil(spec.length)} s of PCM`);
    }
    const file = path.join(dir, `${process.pid}-${crypto.randomBytes(6).toString('hex')}.pcm`);
    const out = fs.openSync(file, 'w');
    try {
      this.fd = fs.openSync(file, 'r');
      const child = spawn(ffmpeg, decoderArgs(spec, input.demuxer), {
        stdio: ['ignore', out, 'pipe'],
      });
      this.child = child;
      if (child.pid !== undefined) lowerPriority(child.pid);
      this.stderr = new StderrTail(child.stderr);
      child.on('error', (err) => this.fail(err.message));
      child.on('close', (code, signal) => this.closed(code, signal));
    } catch (err) {
      this.closeFile();
      throw err;
    } finally {
      // The child holds its own copy of the writing end; the name is not needed any more.
      fs.closeSync(out);
      fs.rmSync(file, { force: true });
    }
  }

  /** PCM bytes in the file so far: all of them once ffmpeg has exited. */
  get produced(): number {
    if (this.child && this.fd !== null) this.size = fs.fstatSync(this.fd).size;
    return this.size;
  }

  get drained(): boolean {
    return this.ended && (this.fd === null || this.size - this.consumed < BYTES_PER_FRAME);
  }

  read(max: number): Buffer | null {
    if (this.fd === null) return null;
    const want = wholeFrames(Math.min(max, this.produced - this.consumed));
    if (want <= 0) {
      if (this.drained) this.closeFile();
      return null;
    }
    const pcm = Buffer.allocUnsafe(want);
    const got = wholeFrames(fs.readSync(this.fd, pcm, 0, want, this.consumed));
    this.consumed += got;
    if (this.drained) this.closeFile();
    if (got === 0) return null;
    return got === want ? pcm : pcm.subarray(0, got);
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.closeFile();
    this.ended = true;
  }

  private closed(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.fd !== null) this.size = fs.fstatSync(this.fd).size;
    this.child = null;
    if (this.size === 0 && !this.failure && this.fd !== null) {
      this.fail(this.stderr.reason(code, signal));
    }
    this.ended = true;
    if (this.drained) this.closeFile();
  }

  private closeFile(): void {
    if (this.fd === null) return;
    fs.closeSync(this.fd);
    this.fd = null;
  }

  private fail(reason: string): void {
    this.failure = reason;
    this.ended = true;
    this.closeFile();
  }
}

function lowerPriority(pid: number): void {
  try {
    os.setPriority(pid, NICENESS);
  } catch {
    // Gone already, or not allowed here: it runs at the server's own priority.
  }
}
