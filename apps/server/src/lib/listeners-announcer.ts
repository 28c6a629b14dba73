/** The listener count is looked at this often while there is any, and announced when it changed. */
export const ANNOUNCE_EVERY_MS = 1000;
/** Announced this often even when unchanged, so that a node that just started learns it. */
export const REPEAT_EVERY_MS = 30_000;

/**
 * Announces the station's listener count on the bus, where the live channel of any node picks
 * it up: MP3 connections come and go, and HLS clients count only until their polls stop, so
 * the count is looked at once per interval and announced only when it differs from the last
 * announcement (and repeated now and then for nodes that joined since). However many changes an
 * interval holds, they make one event.
 *
 * Listeners leave without a word (an HLS client's polls stop), so while the count is above
 * zero it is looked at every interval. At zero nobody can leave: it sleeps until `poke()` says
 * someone may have arrived, or until the repeat is due, so an empty station does not wake for it.
 */
export class ListenersAnnouncer {
  /** Nothing announced yet: the first look always announces, replacing any stale count. */
  private last: number | null = null;
  private lastAt = 0;
  private timer: NodeJS.Timeout | null = null;
  /** When the scheduled look runs (epoch ms), while one is. */
  private dueAt = Infinity;
  private running = false;

  constructor(
    private readonly count: () => number,
    private readonly announce: (listeners: number) => void,
    private readonly everyMs = ANNOUNCE_EVERY_MS,
    private readonly repeatMs = REPEAT_EVERY_MS,
    private readonly now: () => number = Date.now,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(this.everyMs);
  }

  stop(): void {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
  }

  /** Someone may have arrived: looked at within one interval, with whatever else arrives by then. */
  poke(): void {
    if (!this.running || this.dueAt <= this.now() + this.everyMs) return;
    this.schedule(this.everyMs);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = this.now() + ms;
    this.timer = setTimeout(() => this.check(), ms);
    this.timer.unref();
  }

  private check(): void {
    this.timer = null;
    this.dueAt = Infinity;
    if (!this.running) return;
    const listeners = this.count();
    if (listeners !== this.last || this.now() - this.lastAt >= this.repeatMs) {
      this.last = listeners;
      this.lastAt = this.now();
      this.announce(listeners);
    }
    const untilRepeat = Math.max(this.lastAt + this.repeatMs - this.now(), this.everyMs);
    this.schedule(listeners > 0 ? this.everyMs : untilRepeat);
  }
}
