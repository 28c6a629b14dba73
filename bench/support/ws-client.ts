/**
 * A minimal WebSocket client on a raw TCP socket, for the benches' client processes (which
 * share the machine's cores with the server). All sockets of a process read into one shared
 * buffer; the client parses the server's frames (RFC 6455, unmasked), answers pings with pongs
 * and hands each data frame's payload, as it arrives, to a `FrameHandler` without decoding or
 * parsing it. On this machine that takes about half the CPU per message of the `ws` client.
 */
import crypto from 'node:crypto';
import net from 'node:net';

const HANDSHAKE_TIMEOUT_MS = 20_000;
const shared = Buffer.allocUnsafe(256 * 1024);
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a client does with the messages it receives. */
export interface FrameHandler {
  /**
   * A piece of a data frame's payload, a view into the shared read buffer (copy what must
   * outlive the call); `frameLength` is the whole frame's payload length.
   */
  payload(segment: Buffer, frameLength: number): void;
  /** A whole message has arrived (the frame that ends it); `bytes`: its payload size. */
  message(bytes: number): void;
  /**
   * Whether the message just ended was an update rather than a message of the protocol
   * carried inside WebSocket (Engine.IO's open and ping); every data message is by default.
   */
  wasUpdate?(): boolean;
}

export class RawWsClient {
  open = false;
  /** Whether any whole update has arrived (the server sends one as a socket connects). */
  gotFirst = false;
  readonly socket: net.Socket;
  private handshake = '';
  private upgraded = false;
  // frame being read
  private readonly head = Buffer.alloc(14);
  private headLen = 0;
  private headNeed = 2;
  private inPayload = false;
  private frameLength = 0;
  private remaining = 0;
  private opcode = 0;
  private fin = false;
  private control: Buffer[] = [];
  // message being read
  private messageBytes = 0;
  private readonly onUpgrade: () => void;

  constructor(
    url: URL,
    settle: (ok: boolean) => void,
    private readonly handler: FrameHandler,
  ) {
    let settled = false;
    const done = (ok: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      settle(ok);
    };
    this.onUpgrade = () => done(true);
    const timer = setTimeout(() => {
      done(false);
      this.socket.destroy();
    }, HANDSHAKE_TIMEOUT_MS);
    this.socket = net.connect({
      host: url.hostname,
      port: Number(url.port),
      onread: {
        buffer: shared,
        callback: (length, buf) => {
          this.onData(buf as Buffer, length);
          return true;
        },
      },
    });
    const key = crypto.randomBytes(16).toString('base64');
    this.socket.on('connect', () =>
      this.socket.write(
        `GET ${url.pathname}${url.search} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.open = false;
      done(false);
    });
  }

  private onData(buf: Buffer, length: number): void {
    let start = 0;
    if (!this.upgraded) {
      this.handshake += buf.toString('latin1', 0, length);
      const end = this.handshake.indexOf('\r\n\r\n');
      if (end === -1) return;
      if (!this.handshake.startsWith('HTTP/1.1 101')) {
        this.socket.destroy();
        return;
      }
      this.upgraded = true;
      this.open = true;
      this.onUpgrade();
      start = length - (this.handshake.length - (end + 4));
      this.handshake = '';
    }
    this.frames(buf, start, length);
  }

  private frames(buf: Buffer, start: number, end: number): void {
    let i = start;
    while (i < end) {
      if (!this.inPayload) {
        while (this.headLen < this.headNeed && i < end) this.head[this.headLen++] = buf[i++]!;
        if (this.headLen < this.headNeed) return;
        if (this.headNeed === 2) {
          const len7 = this.head[1]! & 0x7f;
          if (this.head[1]! & 0x80) return void this.socket.destroy(); // servers never mask
          this.headNeed = len7 === 126 ? 4 : len7 === 127 ? 10 : 2;
          if (this.headLen < this.headNeed) continue;
        }
        const len7 = this.head[1]! & 0x7f;
        this.remaining =
          len7 === 126
            ? this.head.readUInt16BE(2)
            : len7 === 127
              ? Number(this.head.readBigUInt64BE(2))
              : len7;
        this.frameLength = this.remaining;
        this.opcode = this.head[0]! & 0x0f;
        this.fin = (this.head[0]! & 0x80) !== 0;
        this.headLen = 0;
        this.headNeed = 2;
        this.inPayload = true;
        this.control = [];
        if (this.remaining === 0) this.endFrame();
        continue;
      }
      const take = Math.min(this.remaining, end - i);
      const segment = buf.subarray(i, i + take);
      if (this.opcode >= 8) this.control.push(Buffer.from(segment));
      else {
        this.messageBytes += take;
        this.handler.payload(segment, this.frameLength);
      }
      i += take;
      this.remaining -= take;
      if (this.remaining === 0) this.endFrame();
    }
  }

  private endFrame(): void {
    this.inPayload = false;
    if (this.opcode === 0x9) {
      // pong with the ping's payload, masked with a zero key
      const payload = Buffer.concat(this.control);
      const frame = Buffer.alloc(6 + payload.length);
      frame[0] = 0x8a;
      frame[1] = 0x80 | payload.length;
      payload.copy(frame, 6);
      this.socket.write(frame);
      return;
    }
    if (this.opcode >= 8 || !this.fin) return;
    this.handler.message(this.messageBytes);
    if (this.handler.wasUpdate?.() ?? true) this.gotFirst = true;
    this.messageBytes = 0;
  }

  /** Sends one text frame (masked, as a client must; the mask is zero). */
  sendText(text: string): void {
    const payload = Buffer.from(text);
    if (payload.length > 125) throw new Error('sendText: only short messages');
    const frame = Buffer.alloc(6 + payload.length);
    frame[0] = 0x81;
    frame[1] = 0x80 | payload.length;
    payload.copy(frame, 6);
    this.socket.write(frame);
  }
}

/**
 * Opens `count` clients, at most `inFlight` handshakes at a time, then waits (up to 60 s) until
 * every open one has its first message. `make(index, settle)` builds client `index`.
 */
export async function openClients<C extends RawWsClient>(
  count: number,
  inFlight: number,
  make: (index: number, settle: (ok: boolean) => void) => C,
): Promise<{
  clients: C[];
  opened: number;
  failed: number;
  withFirstUpdate: number;
  connectMs: number;
}> {
  const t0 = performance.now();
  const clients: C[] = [];
  let pending = 0;
  let opened = 0;
  let failed = 0;
  await new Promise<void>((resolve) => {
    const launch = () => {
      while (pending < inFlight && clients.length < count) {
        pending++;
        clients.push(
          make(clients.length, (ok) => {
            pending--;
            if (ok) opened++;
            else failed++;
            launch();
          }),
        );
      }
      if (pending === 0 && clients.length >= count) resolve();
    };
    launch();
  });
  const connectMs = performance.now() - t0;
  // The server sends the current update to every socket as it connects.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && clients.some((c) => c.open && !c.gotFirst)) await sleep(100);
  const withFirstUpdate = clients.filter((c) => c.open && c.gotFirst).length;
  return { clients, opened, failed, withFirstUpdate, connectMs };
}

/** Closes every client's socket, tells the parent `closed`, then ends this process. */
export function closeAndExit(clients: RawWsClient[]): void {
  clients.forEach((c) => c.socket.destroy());
  process.send!({ type: 'closed' }, undefined, {}, () => process.exit(0));
}
