/** What the owner of a queued piece of work hears about it. */
export interface QueueHooks {
  /** Waiting, `position` in line (1: next to start); told again each time it moves up. */
  queued?(position: number): void;
  /** Its work has begun. */
  started?(): void;
}

interface Waiting {
  start: () => void;
  hooks: QueueHooks;
}

/**
 * Media analysis, at most `concurrency` at once, the rest in line in the order they came: a
 * burst of uploads or an import costs the machine the same CPU and memory as one file at a time
 * per slot, and the playout keeps its core.
 */
export class AnalysisQueue {
  private active = 0;
  private readonly waiting: Waiting[] = [];

  constructor(readonly concurrency: number) {}

  async run<T>(work: () => Promise<T>, hooks: QueueHooks = {}): Promise<T> {
    if (this.active >= this.concurrency) {
      await new Promise<void>((start) => {
        this.waiting.push({ start, hooks });
        hooks.queued?.(this.waiting.length);
      });
    } else this.active++;
    try {
      hooks.started?.();
      return await work();
    } finally {
      this.next();
    }
  }

  /** Work running now, and waiting. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  private next(): void {
    const first = this.waiting.shift();
    if (!first) {
      this.active--;
      return;
    }
    first.start();
    this.waiting.forEach((w, i) => w.hooks.queued?.(i + 1));
  }
}
