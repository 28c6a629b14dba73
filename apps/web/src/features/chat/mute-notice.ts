/**
 * A muted listener's side of moderation, which the chat widget (first load) needs: whether a
 * mute holds, and when it ends in words. The staff-only rules live in moderation-rules.ts,
 * which only the lazily loaded moderation chunks import.
 */

/** A mute that still holds at `nowSeconds` (both in epoch seconds, on the station's clock). */
export const muteActive = (mutedUntil: number | null | undefined, nowSeconds: number): boolean =>
  typeof mutedUntil === 'number' && mutedUntil > nowSeconds;

/** Where and how a time is written; the page leaves both to the browser, tests fix them. */
export interface TimeStyle {
  locale?: string;
  timeZone?: string;
}

/**
 * When a mute ends, in the reader's local time and locale: "16:05" on the same day, else with
 * the date ("4 Jun, 16:05").
 */
export function muteEndText(mutedUntil: number, nowSeconds: number, style: TimeStyle = {}): string {
  const { locale, timeZone } = style;
  const end = new Date(mutedUntil * 1000);
  const time = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(end);
  const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone });
  if (day.format(end) === day.format(new Date(nowSeconds * 1000))) return time;
  const date = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone });
  return `${date.format(end)}, ${time}`;
}

/** The widget's notice for a muted listener. */
export const muteNotice = (mutedUntil: number, nowSeconds: number, style?: TimeStyle): string =>
  `You are muted until ${muteEndText(mutedUntil, nowSeconds, style)}.`;

/**
 * The `muted_until` of a refused post's body (403 while muted), or null when the body does not
 * carry one.
 */
export function mutedUntilOf(status: number, body: unknown): number | null {
  if (status !== 403 || typeof body !== 'object' || body === null) return null;
  const until = (body as { muted_until?: unknown }).muted_until;
  return typeof until === 'number' && Number.isFinite(until) ? until : null;
}
