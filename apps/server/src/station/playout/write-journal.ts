import { isDatabaseUnreachable } from '../../db/unreachable.js';

/** How long a write waits for the database before it is given up (and logged). */
const GIVE_UP_MS = 15 * 60_000;
const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5000;

interface JournalLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * The station's writes of what it played, one after another in the order they happened. A
 * write that finds the database unreachable is tried again (waiting longer each time, up to 5 s)
 * until the database is back, so a station that played on through an outage records its plays
 * afterwards, in order; any other failure is the caller's.
 */
export class WriteJournal {
  private tail: Promise<unknown> = Promise.resolve();
  private waiting = 0;

  constructor(
    private readonly log: JournalLog,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms).unref()),
  ) {}

  private readonly onWaiting = new Set<() => void>();

  /** Writes waiting for the database now. */
  get pending(): number {
    return this.waiting;
  }

  /** Resolves when `write` settles, or as soon as a write waits for the database. */
  settledOrWaiting(write: Promise<unknown>): Promise<void> {
    if (this.waiting > 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        this.onWaiting.delete(done);
        resolve();
      };
      this.onWaiting.add(done);
      write.then(done, done);
    });
  }

  /** Runs `write` after every write added before it, again while the database is away. */
  add<T>(what: string, write: () => Promise<T>): Promise<T> {
    const run = this.tail.then(() => this.untilWritten(what, write));
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async untilWritten<T>(what: string, write: () => Promise<T>): Promise<T> {
    const started = Date.now();
    let wait = FIRST_WAIT_MS;
    let waited = false;
    for (;;) {
      try {
        const result = await write();
        if (waited) {
          this.waiting -= 1;
          this.log.info({ what, ms: Date.now() - started }, 'recorded once the database was back');
        }
        return result;
      } catch (err) {
        if (!isDatabaseUnreachable(err) || Date.now() - started > GIVE_UP_MS) {
          if (waited) this.waiting -= 1;
          throw err;
        }
        if (!waited) {
          waited = true;
          this.waiting += 1;
          this.log.warn({ what }, 'the database is unreachable: the write waits for it');
          for (const wake of [...this.onWaiting]) wake();
        }
        await this.sleep(wait);
        wait = Math.min(LONGEST_WAIT_MS, wait * 2);
      }
    }
  }
}
