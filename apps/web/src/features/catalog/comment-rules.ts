import type { CallFailure } from '../../lib/api-client';

/** Refusals whose reason the server words for the listener: invalid, muted, too fast. */
const TOLD_STATUSES = [400, 403, 429];

/**
 * The toast for a comment that was not posted: the server's own words when it refused it (400:
 * blank or too long; 403: muted, with when the mute ends; 429: too fast), as the chat does, so
 * the listener knows why; a plain failure otherwise.
 */
export function commentFailureText(failure: CallFailure): string {
  if (failure.kind === 'status' && TOLD_STATUSES.includes(failure.status) && failure.message) {
    return failure.message;
  }
  return 'Failed to post comment.';
}
