import type { RequestAllowance } from '@queuecast/contract';
import { plural } from '../lib/format';
import { waitText } from './request-rules';

/**
 * The line under a listener's request controls: how many more songs they may queue, and when
 * the cooldown lets the next one through. `now` is the server's time in epoch seconds.
 */
export function allowanceText(allowance: RequestAllowance, now: number): string {
  const { remaining, limit } = allowance;
  if (remaining <= 0) {
    return `You have ${plural(limit, 'song')} waiting, the most you can: request again once one has played.`;
  }
  const wait = allowance.next_at === null ? 0 : allowance.next_at - now;
  const more = `${plural(remaining, 'more song', 'more songs')}`;
  return wait > 0
    ? `You can request ${more} (of ${limit}); the next in ${waitText(wait)}.`
    : `You can request ${more} (of ${limit}).`;
}
