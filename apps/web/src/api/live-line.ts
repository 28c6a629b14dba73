import { API, LIMITS, type LiveLineItem, type LiveLineList } from '@queuecast/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';

/**
 * The DJ's request line, per user: loaded by the Request line panel (the DJ's profile, and the
 * queue page while they are on air), added to by live `live_line` pushes.
 */
export const liveLineKey = (userId: number) => ['live-line', userId] as const;

/** GET /api/live/line: the signed-in DJ's show's line, newest first (empty off air). */
export const getLiveLine = () => api<LiveLineList>(API.liveLine.path());

export const liveLineQuery = (userId: number) =>
  queryOptions({
    queryKey: liveLineKey(userId),
    queryFn: getLiveLine,
    // Pushes keep it current; the panel refetches when a show starts or ends.
    staleTime: Infinity,
    retry: false,
  });

export const useLiveLine = (userId: number) => useQuery(liveLineQuery(userId));

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
