import type { FeedItem, FeedPage } from '@queuecast/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';

/** The feed page's pages (an infinite query), where live items are added too. */
export const feedKey = ['feed'] as const;

/**
 * The loaded pages with one more item: put at the top of the first page, unless it is there
 * already (a push can cross a reload). Nothing is kept while the page has not loaded: its
 * first fetch will bring the item.
 */
export function addFeedItem(
  data: InfiniteData<FeedPage, string | undefined> | undefined,
  item: FeedItem,
): InfiniteData<FeedPage, string | undefined> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.items.some((i) => i.key === item.key))) return data;
  const [first, ...rest] = data.pages;
  return { ...data, pages: [{ ...first!, items: [item, ...first!.items] }, ...rest] };
}

export function storeFeedItem(queryClient: QueryClient, item: FeedItem): void {
  queryClient.setQueryData<InfiniteData<FeedPage, string | undefined>>(feedKey, (data) =>
    addFeedItem(data, item),
  );
}
