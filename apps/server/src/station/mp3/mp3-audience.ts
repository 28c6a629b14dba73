import type { Socket } from 'node:net';
import { AddressLimit } from '../../lib/address-limit.js';
import { Mp3Listeners, type LagLimits, type StationInfo } from './mp3-listeners.js';
import type { Mp3Chunk } from './mp3-stream.js';
import type { SendQueues } from './tcp-send-queues.js';

export interface Mp3Limits extends LagLimits {
  /** Streams one client address may hold open at once. */
  maxPerAddress: number;
}

/**
 * Everyone listening to the MP3, wherever their sockets are: this counts them, holds each
 * address to `maxPerAddress` streams, and names each connection; where the sockets go and how
 * the chunks reach them is the subclass's (this process, or listener processes).
 */
/** One MP3 listener's stay: from its connection to its end (epoch milliseconds). */
export interface Mp3Stay {
  address: string;
  userAgent: string | undefined;
  startedAt: number;
  endedAt: number;
}

export abstract class Mp3Audience {
  private readonly perAddress: AddressLimit;
  /** Each listener's address, user agent and when it came. */
  private readonly listenerOf = new Map<
    number,
    { address: string; userAgent: string | undefined; at: number }
  >();
  /** Told of each listener's stay as it ends. */
  onLeave: ((stay: Mp3Stay) => void) | null = null;
  /** Told of each listener taken on. */
  onArrive: (() => void) | null = null;
  private nextId = 1;
  /** Listeners dropped for falling behind, since start. */
  dropped = 0;

  constructor(maxPerAddress: number) {
    this.perAddress = new AddressLimit(maxPerAddress);
  }

  /** Listeners connected now, on their way to a listener process included. */
  get count(): number {
    return this.listenerOf.size;
  }

  /** Whether `address` may open one more stream. */
  hasRoomFor(address: string): boolean {
    return this.perAddress.hasRoom(address);
  }

  /**
   * Takes over a connection whose request (GET, `Icy-MetaData` or not) has been read: the
   * response and the stream are written to the socket until the listener leaves.
   */
  accept(socket: Socket, address: string, icy: boolean, userAgent?: string): void {
    if (!this.perAddress.tryAdd(address)) {
      socket.destroy();
      return;
    }
    const id = this.nextId++;
    this.listenerOf.set(id, { address, userAgent, at: Date.now() });
    this.place(id, socket, icy);
    this.onArrive?.();
  }

  /** The stream's next chunk, for every listener. */
  abstract publish(chunk: Mp3Chunk): void;
  /** The stream has ended: every listener is disconnected. */
  abstract dropAll(): void;
  /** Disconnects everyone and releases what the audience holds (processes, timers). */
  abstract close(): Promise<void>;

  protected abstract place(id: number, socket: Socket, icy: boolean): void;

  /** Listener `id` left (or was dropped); said once per listener. */
  protected gone(id: number, dropped: boolean): void {
    const listener = this.listenerOf.get(id);
    if (listener === undefined) return;
    this.listenerOf.delete(id);
    this.perAddress.remove(listener.address);
    if (dropped) this.dropped++;
    this.onLeave?.({
      address: listener.address,
      userAgent: listener.userAgent,
      startedAt: listener.at,
      endedAt: Date.now(),
    });
  }
}

/** The listeners' sockets in this process (one core, or tests). */
export class LocalMp3Audience extends Mp3Audience {
  private readonly listeners: Mp3Listeners;

  /** `sendQueues`: the kernel's send queues, when a test hands in its own. */
  constructor(info: StationInfo, limits: Mp3Limits, sendQueues?: () => SendQueues) {
    super(limits.maxPerAddress);
    const gone = (id: number, dropped: boolean) => this.gone(id, dropped);
    this.listeners = new Mp3Listeners(info, gone, limits, sendQueues);
  }

  publish(chunk: Mp3Chunk): void {
    this.listeners.publish(chunk);
  }

  dropAll(): void {
    this.listeners.dropAll();
  }

  close(): Promise<void> {
    this.listeners.close();
    return Promise.resolve();
  }

  protected place(id: number, socket: Socket, icy: boolean): void {
    this.listeners.add(id, socket, icy);
  }
}
