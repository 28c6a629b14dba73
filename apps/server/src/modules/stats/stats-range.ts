import type { StatsRangeQuery } from '@queuecast/contract';
import { MAX_STATS_RANGE_S } from '../../core/listener-stats.js';
import { badRequest } from '../../lib/http-error.js';

/** The range of a statistics call, refused when backwards or longer than two years. */
export function checkedRange<T extends StatsRangeQuery>(range: T): T {
  if (range.to <= range.from) throw badRequest('The range must end after it starts.');
  if (range.to - range.from > MAX_STATS_RANGE_S) {
    throw badRequest('Choose a range of at most two years.');
  }
  return range;
}
