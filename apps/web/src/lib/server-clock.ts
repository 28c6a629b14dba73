import { useEffect, useState } from 'react';

/**
 * The station's clock as seen from this page. Every playback update carries the server's time;
 * the difference to the local clock is kept, so start times and countdowns are right even on a
 * machine whose clock is off.
 */
let offsetSeconds = 0;
/** Below this, a new offset is measurement noise: the clocks shown do not move for it. */
const NOTICEABLE_S = 0.05;
const subscribers = new Set<() => void>();

/** Records the server's time from an update that arrived at `localMs`. */
export function syncServerClock(serverTime: number, localMs: number = Date.now()): void {
  if (!Number.isFinite(serverTime)) return;
  const next = serverTime - localMs / 1000;
  const moved = Math.abs(next - offsetSeconds) >= NOTICEABLE_S;
  offsetSeconds = next;
  if (moved) for (const notify of subscribers) notify();
}

/** Calls `notify` whenever the offset to the server's clock changes noticeably. */
export function onServerClockChange(notify: () => void): () => void {
  subscribers.add(notify);
  return () => subscribers.delete(notify);
}

/** The server's time now, in epoch seconds. */
export function serverNow(localMs: number = Date.now()): number {
  return localMs / 1000 + offsetSeconds;
}

/**
 * Calls `read` now, again after `every` milliseconds (a number, or a function of the latest
 * answer, for a reader that knows when its answer next matters), and at once when the server's
 * clock offset changes, and returns its latest answer. The first playback update corrects the
 * clock in the same render that shows its times, so a countdown never starts from the local
 * clock and jumps.
 */
export function useTicking(
  read: () => number,
  every: number | ((value: number) => number),
): number {
  const [value, setValue] = useState(read);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      const next = read();
      setValue(next);
      timer = setTimeout(update, typeof every === 'number' ? every : every(next));
    };
    update();
    const unsubscribe = onServerClockChange(update);
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [read, every]);
  return value;
}
