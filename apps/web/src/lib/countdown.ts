/* Countdowns as the site says them: the schedule's, the now-playing panel's next show. */

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/**
 * A span as the schedule says it, rounded up to the minute: "12 min", "2 h 05 min",
 * "1 d 3 h". Never "0 min": what is left of a last minute is "1 min".
 */
export function spanText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / MINUTE));
  if (minutes < 60) return `${minutes} min`;
  const days = Math.floor(minutes / (DAY / MINUTE));
  const hours = Math.floor((minutes % (DAY / MINUTE)) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  return `${hours} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** The countdown to a start: "in 12 min", "in 2 h 05 min"; "starting now" once it is due. */
export function countdownText(startsAt: number, now: number): string {
  const left = startsAt - now;
  return left <= 0 ? 'starting now' : `in ${spanText(left)}`;
}
