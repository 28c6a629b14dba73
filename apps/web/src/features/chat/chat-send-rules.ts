import type { CallFailure } from '../../lib/api-client';
import type { Session } from '../../lib/session';

/** Sending needs a token that has not expired yet (the expiry timer may not have fired). */
export const sessionUsable = (session: Session | null, nowMs = Date.now()): boolean =>
  session !== null && session.user.exp * 1000 > nowMs;

/** Refusals whose reason the server words for the listener: invalid, muted, too fast. */
const TOLD_STATUSES = [400, 403, 429];

/**
 * The toast for a failed send, or null to only log it: the server's own words for a refused
 * message (400: blank or too long; 403: muted, with when it ends; 429: too fast or slow mode),
 * so the listener knows why.
 */
export function sendFailureText(failure: CallFailure): string | null {
  if (failure.kind === 'status' && TOLD_STATUSES.includes(failure.status)) {
    return failure.message ?? null;
  }
  return null;
}
