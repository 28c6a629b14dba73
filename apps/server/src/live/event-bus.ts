/**
 * What changed, said once by whoever changed it. The hub listens and rebuilds the live update.
 * In one process the bus is memory; with REDIS_URL it carries events between nodes.
 */
export type BusEvent =
  | { type: 'queue.changed' }
  | { type: 'track.started' }
  | { type: 'users.seen' }
  | { type: 'oneliner.posted' };

export interface EventBus {
  publish(event: BusEvent): void;
  subscribe(handler: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export class MemoryEventBus implements EventBus {
  private readonly handlers = new Set<(event: BusEvent) => void>();

  publish(event: BusEvent): void {
    // Delivered after the publisher's own work, as a remote bus would.
    queueMicrotask(() => this.handlers.forEach((h) => h(event)));
  }

  subscribe(handler: (event: BusEvent) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  close(): Promise<void> {
    this.handlers.clear();
    return Promise.resolve();
  }
}
