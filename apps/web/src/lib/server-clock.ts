import { useEffect, useState } from 'react';

/**
 * The station's clock as seen from this page. Every playback update carries the server's time;
 * the difference to the local clock is kept, so start times and countdowns are right even on a
 * machine whose clock is off.
 */
let offsetSeconds = 0;

/** Records the server's time from an update that arrived at `localMs`. */
export function syncServerClock(serverTime: number, localMs: number = Date.now()): void {
  if (Number.isFinite(serverTime)) offsetSeconds = serverTime - localMs / 1000;
}

/** The server's time now, in epoch seconds. */
export function serverNow(localMs: number = Date.now()): number {
  return localMs / 1000 + offsetSeconds;
}

/** Calls `read` now and every `intervalMs` after, and returns its latest answer. */
export function useTicking(read: () => number, intervalMs: number): number {
  const [value, setValue] = useState(read);
  useEffect(() => {
    const timer = setInterval(() => setValue(read()), intervalMs);
    return () => clearInterval(timer);
  }, [read, intervalMs]);
  return value;
}
