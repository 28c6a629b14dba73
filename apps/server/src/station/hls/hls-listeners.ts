import crypto from 'node:crypto';
import os from 'node:os';
import type { EventBus } from '../../core/bus.js';
import { HlsClients } from './hls-clients.js';
import { ListenersAnnouncer } from './listeners-announcer.js';

/** Each node repeats its count this often, so that the playout can forget a node gone. */
const REPEAT_MS = 15_000;
/** A node not heard from for this long has stopped (three repeats missed). */
const FORGET_MS = 3 * REPEAT_MS;

/**
 * HLS listeners across nodes: each node counts the clients polling the playlist through it and
 * says so on the bus when the count changes (and every 15 s); every node sums the counts it has
 * heard, its own included, so the playout adds them to its MP3 listeners wherever they were
 * counted. A node that stops reporting drops out after 45 s.
 */
export class HlsListeners {
  /** Clients of this node. */
  readonly clients = new HlsClients();
  private readonly heard = new Map<string, { count: number; at: number }>();
  private readonly reporter: ListenersAnnouncer;
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly now: () => number = Date.now,
    /** This node among the station's: host, pid and a random part. */
    readonly node = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`,
  ) {
    this.reporter = new ListenersAnnouncer(
      () => this.clients.count(this.now()),
      (count) => bus.publish({ type: 'hls.clients', node, count }),
      undefined,
      REPEAT_MS,
      now,
    );
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'hls.clients') return;
      if (event.count === 0) this.heard.delete(event.node);
      else this.heard.set(event.node, { count: event.count, at: this.now() });
    });
  }

  /** Starts reporting this node's count. */
  start(): void {
    this.reporter.start();
  }

  stop(): void {
    this.reporter.stop();
    this.unsubscribe();
  }

  /** HLS listeners on every node, as last heard. */
  total(): number {
    const now = this.now();
    let total = 0;
    for (const [node, { count, at }] of this.heard) {
      if (now - at > FORGET_MS) this.heard.delete(node);
      else total += count;
    }
    return total;
  }
}
