/** Display formatting shared by every screen. */

/**
 * Shown as the requester of songs the station picked itself until the first playback update
 * brings the station's own label (its DEFAULT_DJ_LABEL setting; see `useDjLabel`).
 */
export const DEFAULT_DJ_LABEL = 'Auto-DJ';

/** The station's name until the first playback update brings its own (as in index.html). */
export const DEFAULT_STATION_NAME = 'Queuecast';

/** Seconds as m:ss (seconds zero-padded); minutes keep counting past an hour. */
export function formatLength(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) && seconds! > 0 ? Math.round(seconds!) : 0;
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

/** "1 song", "3 songs". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Epoch seconds as a local date and time. */
export function formatDateTime(epochSeconds: number): string {
  return dateTime.format(new Date(epochSeconds * 1000));
}

const clockTime = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

/** Epoch seconds as a local clock time ("14:32", "2:32 PM"). */
export function formatClockTime(epochSeconds: number): string {
  return clockTime.format(new Date(epochSeconds * 1000));
}

/** Epoch seconds as the machine-readable value of a <time> element. */
export const isoTime = (epochSeconds: number): string =>
  new Date(epochSeconds * 1000).toISOString();
