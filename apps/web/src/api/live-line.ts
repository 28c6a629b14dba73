import { LIMITS, type LiveLineItem, type LiveLineList } from '@queuecast/contract';
import type { QueryClient } from '@tanstack/react-query';

/**
 * The DJ's request line, per user: loaded by the Request line panel (the DJ's profile, and the
 * queue page while they are on air), added to by live `live_line` pushes.
 */
export const liveLineKey = (userId: number) => ['live-line', userId] as const;

/**
 * The line with one more item on top, unless it is there already (a push can cross a
 * reload). Nothing is kept while the line has not loaded: its first fetch brings the item.
 */
export function addLiveLineItem(
  data: LiveLineList | undefined,
  item: LiveLineItem,
): LiveLineList | undefined {
  if (!data || data.items.some((i) => i.id === item.id)) return data;
  return { on_air: true, items: [item, ...data.items].slice(0, LIMITS.liveLineShown) };
}

export function storeLiveLineItem(queryClient: QueryClient, userId: number, item: LiveLineItem) {
  queryClient.setQueryData<LiveLineList>(liveLineKey(userId), (data) =>
    addLiveLineItem(data, item),
  );
}
