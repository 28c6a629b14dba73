/**
 * When connections go to worker processes (a `WorkerPool`) rather than stay in this process.
 * A process costs its keep (tens of MiB, its own collector and IPC) whatever it holds, so a
 * small audience is served here; from `threshold` connections on, new ones go to the workers.
 * Once the audience has stayed under half the threshold for `calmMs`, new connections stay
 * here again and the workers are asked to hand theirs back (`gather`); the owner stops them
 * once they hold none. When the workers start (`spread`), the owner may move what this
 * process already holds to them: the live fan-out moves its sockets (a crowd writes faster from
 * the workers alone); the MP3 listeners stay.
 */
export interface OnDemandOptions {
  /** Worker processes there are to use; 0: every connection stays here. */
  processes: number;
  /** Connections from which new ones go to the workers; 0: all of them, always. */
  threshold: number;
  /** How long the audience stays under half the threshold before the workers give theirs back. */
  calmMs: number;
}

export interface OnDemandHooks {
  /** New connections go to the workers from now on; those handing theirs back keep them. */
  spread?(): void;
  /** The audience has been small for a while: the workers are to hand their connections back. */
  gather(): void;
}

export class OnDemand {
  private spreading: boolean;
  private calm: NodeJS.Timeout | null = null;

  constructor(
    private readonly o: OnDemandOptions,
    private readonly hooks: OnDemandHooks,
  ) {
    this.spreading = o.processes > 0 && o.threshold === 0;
  }

  /** Whether new connections go to the workers now. */
  get toWorkers(): boolean {
    return this.spreading;
  }

  /** A connection is coming, `count` with it: answers whether it goes to a worker. */
  arriving(count: number): boolean {
    if (this.o.processes === 0) return false;
    if (!this.spreading && count >= this.o.threshold) {
      this.spreading = true;
      this.hooks.spread?.();
    }
    if (count * 2 >= this.o.threshold) this.stayBusy();
    return this.spreading;
  }

  /** A connection left, `count` remain. */
  left(count: number): void {
    if (!this.spreading || this.o.threshold === 0) return;
    if (count * 2 >= this.o.threshold) return this.stayBusy();
    this.calm ??= setTimeout(() => {
      this.calm = null;
      this.spreading = false;
      this.hooks.gather();
    }, this.o.calmMs).unref();
  }

  close(): void {
    this.stayBusy();
  }

  private stayBusy(): void {
    if (this.calm) clearTimeout(this.calm);
    this.calm = null;
  }
}
