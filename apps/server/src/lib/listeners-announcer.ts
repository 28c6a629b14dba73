/** The listener count is looked at this often, and announced when it changed. */
export const ANNOUNCE_EVERY_MS = 1000;
/** Announced this often even when unchanged, so that a node that just started learns it. */
export const REPEAT_EVERY_MS = 30_000;

/**
 * Announces the station's listener count on the bus, where the live channel of any node picks
 * it up: MP3 connections come and go, and HLS clients count only until their polls stop, so
 * the count is looked at once per interval and announced only when it differs from the last
 * announcement (and repeated now and then for nodes that joined since). However many changes an
 * interval holds, they make one event.
 */
export class ListenersAnnouncer {
  /** Nothing announced yet: the first look always announces, replacing any stale count. */
  private last: number | null = null;
  private lastAt = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly count: () => number,
    private readonly announce: (listeners: number) => void,
    private readonly everyMs = ANNOUNCE_EVERY_MS,
    private readonly repeatMs = REPEAT_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    this.timer ??= setInterval(() => this.check(), this.everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  private check(): void {
    const listeners = this.count();
    if (listeners === this.last && this.now() - this.lastAt < this.repeatMs) return;
    this.last = listeners;
    this.lastAt = this.now();
    this.announce(listeners);
  }
}
