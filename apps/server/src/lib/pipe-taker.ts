import fs from 'node:fs';
import type { Readable } from 'node:stream';

/** What a stream built on a libuv pipe holds: its handle, with the descriptor on Unix. */
interface PipeHandle {
  fd: number;
  reading: boolean;
  readStop(): number;
  readStart(): number;
}

const CHUNK = 64 * 1024;

/**
 * Reads a child's output pipe only when asked, in the caller's turn, with no event-loop wake-up
 * of its own. A child that writes often (ffmpeg's MP3, a frame at a time) wakes a process that
 * reads its pipe as usual at every write, or once a turn at best; here the bytes wait in the
 * pipe (64 KB in Linux) until `take()`, which reads them with one system call each and returns
 * at once when there are none.
 *
 * The pipe's stream stops reading as soon as it is built (it had read nothing: the child has not
 * run yet). At the end of the output (the child exited, or closed it) the stream is destroyed,
 * so that the child's 'close' event comes as usual. The stream must be a Unix pipe's (a
 * descriptor to read).
 */
export class PipeTaker {
  private readonly handle: PipeHandle;
  private ended = false;
  /** Read into, then copied out at the size read: a chunk holds no more memory than its bytes. */
  private readonly scratch = Buffer.allocUnsafe(CHUNK);

  constructor(private readonly stream: Readable) {
    const handle = (stream as unknown as { _handle?: Partial<PipeHandle> })._handle;
    if (
      !handle?.readStop ||
      !handle.readStart ||
      !(typeof handle.fd === 'number' && handle.fd >= 0)
    ) {
      throw new Error('PipeTaker needs a stream on a Unix pipe');
    }
    this.handle = handle as PipeHandle;
    this.handle.reading = false;
    this.handle.readStop();
  }

  /**
   * The bytes the pipe holds now, in order; none at its end. `toEnd`, once the child has
   * exited: everything to the end of the output, which then ends the stream.
   */
  take(toEnd = false): Buffer[] {
    const chunks: Buffer[] = [];
    while (!this.ended) {
      let n: number;
      try {
        n = fs.readSync(this.handle.fd, this.scratch, 0, CHUNK, null);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EAGAIN') this.end();
        // Someone else still holds the pipe open: the stream reads it to its end instead.
        else if (toEnd) this.release();
        break;
      }
      if (n === 0) {
        this.end();
        break;
      }
      chunks.push(Buffer.from(this.scratch.subarray(0, n)));
      // A short read emptied the pipe: asking again would only fail (EAGAIN) and cost an Error.
      if (n < CHUNK && !toEnd) break;
    }
    return chunks;
  }

  /** Stops taking: the stream reads (and drops) whatever is left, to its end. */
  release(): void {
    if (this.ended) return;
    this.ended = true;
    // The stream still waits for the read it asked for at its start: the pipe is read again.
    if (!this.stream.destroyed) {
      this.handle.reading = true;
      this.handle.readStart();
    }
    this.stream.resume();
  }

  private end(): void {
    this.ended = true;
    this.stream.destroy();
  }
}
