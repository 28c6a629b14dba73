import { LIMITS } from '@queuecast/contract';
import { plural } from '../../lib/format';

/**
 * A message as the thread first shows it: the first 64 characters and '...' when it is longer
 * (counted in code points, so an emoji is never cut in half); clicking shows it whole.
 */
export function truncateMessage(text: string, max: number = LIMITS.messagePreviewChars): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join('')}...` : text;
}

/** Whether `truncateMessage` would shorten the text. */
export const isTruncated = (text: string, max: number = LIMITS.messagePreviewChars): boolean =>
  Array.from(text).length > max;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, for the conversation list: 'just now' under a minute, then '5 min ago',
 * '3 hours ago', '2 days ago' up to four weeks, then the date. Times in epoch seconds.
 */
export function relativeTime(thenSeconds: number, nowSeconds: number): string {
  const ago = Math.max(0, Math.floor(nowSeconds - thenSeconds));
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${plural(Math.floor(ago / HOUR), 'hour')} ago`;
  if (ago < 28 * DAY) return `${plural(Math.floor(ago / DAY), 'day')} ago`;
  return new Date(thenSeconds * 1000).toLocaleDateString();
}
