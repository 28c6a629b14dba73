import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import { InboundLimiter, type InboundLimits } from './inbound-limiter.js';

/**
 * One /ws socket as its process holds it: the WebSocket (handshake, pings, what the client
 * sends), the TCP connection under it (where shared frames are written), what it was last sent
 * and how fast it may send.
 */
export class LivePeer {
  readonly limiter: InboundLimiter;
  /** The version of the playback update last written to it, and when. */
  sentVersion = 0;
  sentAt = 0;

  constructor(
    readonly id: number,
    readonly ws: WebSocket,
    readonly connection: Socket,
    limits: InboundLimits,
  ) {
    this.limiter = new InboundLimiter(limits);
  }

  get open(): boolean {
    return this.ws.readyState === this.ws.OPEN && !this.connection.destroyed;
  }

  /**
   * Writes a whole frame unless the bytes still waiting for the kernel would then exceed
   * `maxQueued`: a client that does not read is disconnected, never buffered for without end.
   * An empty queue always takes the frame, so an update larger than the bound still goes out.
   * Answers whether the frame was written.
   */
  write(frame: Buffer, maxQueued: number): boolean {
    if (!this.open) return false;
    const waiting = this.connection.writableLength;
    if (waiting > 0 && waiting + frame.length > maxQueued) {
      this.connection.destroy();
      return false;
    }
    this.connection.write(frame);
    return true;
  }

  /** Writes the playback update `version`, remembering that it did. */
  writeUpdate(version: number, frame: Buffer, maxQueued: number): void {
    if (!this.write(frame, maxQueued)) return;
    this.sentVersion = version;
    this.sentAt = performance.now();
  }

  /**
   * Whether a refresh should write update `version` again: not while the same update is
   * still waiting to be sent, nor within `windowMs` of sending it.
   */
  wantsRefresh(version: number, windowMs: number): boolean {
    if (this.sentVersion !== version) return true;
    if (this.connection.writableLength > 0) return false;
    return performance.now() - this.sentAt >= windowMs;
  }
}
