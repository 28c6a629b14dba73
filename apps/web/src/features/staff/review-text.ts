import type { ReviewItem, ReviewOutcome } from '@queuecast/contract';
import { plural } from '../../lib/format';

/** How long an item has waited: 'just now', then minutes, hours, days. */
export function waitingText(createdAt: number, now: number): string {
  const seconds = Math.max(0, now - createdAt);
  if (seconds < 60) return 'just now';
  if (seconds < 3600) return `${plural(Math.floor(seconds / 60), 'min')} ago`;
  if (seconds < 86_400) return `${plural(Math.floor(seconds / 3600), 'hour')} ago`;
  return `${plural(Math.floor(seconds / 86_400), 'day')} ago`;
}

/** What waits: a listener's new song, its file, or both. */
export function reviewKindText(item: Pick<ReviewItem, 'new_song' | 'file'>): string {
  if (item.new_song) return item.file ? 'New song and file' : 'New song, no file yet';
  return item.file ? 'New file' : 'Song';
}

export type ReviewAction = 'approve' | 'reject';

/** The toast after staff decided. */
export function reviewDoneText(action: ReviewAction, title: string, outcome: ReviewOutcome) {
  if (action === 'approve') {
    return outcome.status === 'active'
      ? `Approved: ${title} is on the air rotation now.`
      : `Approved: ${title} (no file yet).`;
  }
  return outcome.status === 'removed'
    ? `Rejected: ${title} was removed.`
    : `Rejected: the waiting file of ${title} was removed.`;
}

export const reviewFailedText = (action: ReviewAction): string =>
  action === 'approve' ? 'Failed to approve' : 'Failed to reject';
