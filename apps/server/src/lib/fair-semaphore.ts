/**
 * At most `limit` holders at once, like `Semaphore`, but the waiting callers queue per key (a
 * client) and the keys take turns: when a holder finishes, the slot goes to the next key in
 * line, which then moves to the back. A key with a thousand callers waiting delays a key with
 * one by at most one turn per other waiting key, instead of by its thousand.
 */
export class FairSemaphore {
  private active = 0;
  /** Waiting callers per key; the map's order is the order in which keys get their turn. */
  private readonly queues = new Map<string, (() => void)[]>();
  private waitingCount = 0;

  constructor(private readonly limit: number) {}

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await this.wait(key);
    else this.active++;
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  /** Holders now, and callers waiting. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waitingCount };
  }

  private wait(key: string): Promise<void> {
    return new Promise((resolve) => {
      const queue = this.queues.get(key);
      if (queue) queue.push(resolve);
      else this.queues.set(key, [resolve]);
      this.waitingCount++;
    });
  }

  /** Hands the slot on to the key whose turn it is, or frees it. */
  private release(): void {
    const turn = this.queues.entries().next();
    if (turn.done) {
      this.active--;
      return;
    }
    const [key, queue] = turn.value;
    const next = queue.shift()!;
    this.queues.delete(key);
    if (queue.length > 0) this.queues.set(key, queue); // to the back of the line
    this.waitingCount--;
    next();
  }
}
