import crypto from 'node:crypto';
import os from 'node:os';
import type { EventBus } from '../../core/bus.js';
import { HlsClients } from './hls-clients.js';
import { ListenersAnnouncer } from '../../lib/listeners-announcer.js';
import { NODE_REPEAT_MS, NodeTally } from '../../lib/node-tally.js';

/**
 * HLS listeners across nodes: each node counts the clients polling the playlist through it and
 * says so on the bus when the count changes (and every 15 s); every node sums the counts it has
 * heard, its own included, so the playout adds them to its MP3 listeners wherever they were
 * counted. A node that stops reporting drops out after 45 s.
 */
export class HlsListeners {
  /** Clients of this node. */
  readonly clients = new HlsClients();
  private readonly heard: NodeTally;
  private readonly reporter: ListenersAnnouncer;
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly now: () => number = Date.now,
    /** This node among the station's: host, pid and a random part. */
    readonly node = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`,
  ) {
    this.heard = new NodeTally(now);
    this.reporter = new ListenersAnnouncer(
      () => this.clients.count(this.now()),
      (count) => bus.publish({ type: 'hls.clients', node, count }),
      undefined,
      NODE_REPEAT_MS,
      now,
    );
    this.clients.onArrive = () => this.reporter.poke();
    this.unsubscribe = bus.subscribe((event) => {
      if (event.type !== 'hls.clients') return;
      this.heard.heardFrom(event.node, event.count);
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
    return this.heard.total();
  }
}
