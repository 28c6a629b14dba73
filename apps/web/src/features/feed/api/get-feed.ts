import { API, LIMITS, type FeedPage } from '@queuecast/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { feedKey } from '../feed-cache';

/** One page of the station feed, newest first; `before` is the previous page's cursor. */
export async function getFeedPage(before: string | undefined): Promise<FeedPage> {
  return api<FeedPage>(API.feed.path({ limit: LIMITS.feedPageSize, before }));
}

export const useFeed = () =>
  useInfiniteQuery({
    queryKey: feedKey,
    queryFn: ({ pageParam }) => getFeedPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
