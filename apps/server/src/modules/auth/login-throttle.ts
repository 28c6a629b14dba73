import type { Clock } from '../../core/clock.js';
import { loginBackoffSeconds } from '../../core/login-backoff.js';

interface Failures {
  count: number;
  /** Epoch seconds of the latest failure. */
  last: number;
}

/** Pairs kept at most; past it the longest-quiet ones go first, so a flood cannot grow memory. */
const MAX_PAIRS = 100_000;

/**
 * Failed logins per account and address pair, in memory, with growing waits between guesses
 * (core/login-backoff.ts). A pair is forgotten once it has been quiet for the longest wait, and
 * on a successful login.
 */
export class LoginThrottle {
  private readonly pairs = new Map<string, Failures>();

  constructor(
    private readonly free: number,
    private readonly maxSeconds: number,
    private readonly clock: Clock,
  ) {}

  /** Seconds `address` must still wait before trying `account` again; 0: it may now. */
  wait(account: string, address: string): number {
    const failures = this.pairs.get(pairKey(account, address));
    if (!failures) return 0;
    const until = failures.last + loginBackoffSeconds(failures.count, this.free, this.maxSeconds);
    return Math.max(0, until - this.clock.now());
  }

  failed(account: string, address: string): void {
    const key = pairKey(account, address);
    const now = this.clock.now();
    const previous = this.pairs.get(key);
    const stale = previous && now - previous.last > this.maxSeconds;
    this.pairs.delete(key); // re-inserted last: the map stays in order of the latest failure
    this.pairs.set(key, { count: previous && !stale ? previous.count + 1 : 1, last: now });
    this.forgetQuiet(now);
  }

  succeeded(account: string, address: string): void {
    this.pairs.delete(pairKey(account, address));
  }

  private forgetQuiet(now: number): void {
    for (const [key, failures] of this.pairs) {
      if (this.pairs.size <= MAX_PAIRS && now - failures.last <= this.maxSeconds) break;
      this.pairs.delete(key);
    }
  }
}

const pairKey = (account: string, address: string) => `${account.toLowerCase()}\n${address}`;
