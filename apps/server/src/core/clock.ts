/** Where the rules read the time: the system clock in the server, a fake one in tests. */
export interface Clock {
  /** Epoch seconds, whole. */
  now(): number;
}

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

/** A clock that stands still until moved; for tests of time rules. */
export function fixedClock(
  start: number,
): Clock & { set(t: number): void; advance(s: number): void } {
  let t = start;
  return {
    now: () => t,
    set: (next) => void (t = next),
    advance: (seconds) => void (t += seconds),
  };
}
