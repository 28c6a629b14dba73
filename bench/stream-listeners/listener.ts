import type net from 'node:net';

const BYTES_PER_MS = 16; // 128 kb/s
const PREBUFFER_BYTES = 16_000;

/** One listener's socket and the player it feeds. */
export class Listener {
  status: 'connecting' | 'playing' | 'failed' | 'dropped' = 'connecting';
  private header = '';
  private headerDone = false;
  audioBytes = 0;
  windowStartBytes = 0;
  underruns = 0;
  private playing = false;
  private playStart = 0;
  /** Bytes played before the current stretch of playback. */
  private playedBefore = 0;
  private resumeAt = PREBUFFER_BYTES;
  socket: net.Socket | null = null;

  constructor(private readonly settle: (l: Listener) => void) {}

  onData(chunk: Uint8Array, length: number): void {
    const now = performance.now();
    let start = 0;
    if (!this.headerDone) {
      this.header += Buffer.from(chunk.buffer, chunk.byteOffset, length).toString('latin1');
      const end = this.header.indexOf('\r\n\r\n');
      if (end === -1) {
        if (this.header.length > 16_384) this.fail();
        return;
      }
      if (!/^HTTP\/1\.[01] 200/.test(this.header)) return this.fail();
      this.headerDone = true;
      start = length - (this.header.length - (end + 4));
    }
    const n = length - start;
    if (n <= 0) return;
    if (
      this.playing &&
      this.playedBefore + (now - this.playStart) * BYTES_PER_MS > this.audioBytes
    ) {
      this.underruns++;
      this.playing = false;
      this.playedBefore = this.audioBytes;
      this.resumeAt = this.audioBytes + PREBUFFER_BYTES;
    }
    this.audioBytes += n;
    if (!this.playing && this.audioBytes >= this.resumeAt) {
      this.playing = true;
      this.playStart = now;
    }
    if (this.status === 'connecting') {
      this.status = 'playing';
      this.settle(this);
    }
  }

  /** The end of the window: a player that has run dry is in an underrun too. */
  finish(now: number): void {
    if (
      this.playing &&
      this.playedBefore + (now - this.playStart) * BYTES_PER_MS > this.audioBytes
    ) {
      this.underruns++;
    }
  }

  fail(): void {
    if (this.status !== 'connecting') return;
    this.status = 'failed';
    this.socket?.destroy();
    this.settle(this);
  }

  closed(): void {
    if (this.status === 'playing') this.status = 'dropped';
    else this.fail();
  }
}
