import type { BusEvent, EventBus } from '../core/bus.js';

/** The bus of a single process: events reach this process's subscribers only. */
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
