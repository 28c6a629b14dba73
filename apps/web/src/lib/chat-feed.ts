import type { OnelinerMessage } from '@queuecast/contract';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';

/**
 * The chat widget's messages, newest first, in the query cache. Live pushes are the only
 * source (the playback update's latest messages, then each new one), like `playback.ts`.
 */
export const chatFeedKey = ['chat', 'feed'] as const;

/** The history page's pages (an infinite query), so a deletion reaches them too. */
export const chatHistoryKey = ['chat', 'history'] as const;

/** How many messages the widget keeps; older ones are on the history page. */
export const CHAT_FEED_MAX = 50;

const newestFirst = (a: OnelinerMessage, b: OnelinerMessage) => b.id - a.id;

/**
 * The feed after a playback update's latest messages: they are the truth for the span of ids
 * they cover (a message there that they lack was deleted); older kept messages stay, and so do
 * newer ones: an update may have been built just before a message that was pushed live reached
 * this page ahead of it.
 */
export function mergeLatest(
  feed: readonly OnelinerMessage[] | undefined,
  latest: readonly OnelinerMessage[],
): OnelinerMessage[] {
  if (latest.length === 0) return feed ? [...feed] : [];
  const ids = latest.map((m) => m.id);
  const oldest = Math.min(...ids);
  const newest = Math.max(...ids);
  const outside = (feed ?? []).filter((m) => m.id < oldest || m.id > newest);
  return [...latest, ...outside].sort(newestFirst).slice(0, CHAT_FEED_MAX);
}

/** The feed with one more message: no duplicate ids, newest first, bounded. */
export function addMessage(
  feed: readonly OnelinerMessage[] | undefined,
  message: OnelinerMessage,
): OnelinerMessage[] {
  const rest = (feed ?? []).filter((m) => m.id !== message.id);
  return [message, ...rest].sort(newestFirst).slice(0, CHAT_FEED_MAX);
}

export function storeLatestChat(queryClient: QueryClient, latest: OnelinerMessage[]): void {
  queryClient.setQueryData<OnelinerMessage[]>(chatFeedKey, (feed) => mergeLatest(feed, latest));
}

export function storeChatMessage(queryClient: QueryClient, message: OnelinerMessage): void {
  queryClient.setQueryData<OnelinerMessage[]>(chatFeedKey, (feed) => addMessage(feed, message));
}

/** A message staff removed: gone from the feed and from any loaded history page. */
export function removeChatMessage(queryClient: QueryClient, id: number): void {
  queryClient.setQueryData<OnelinerMessage[]>(chatFeedKey, (feed) =>
    feed?.filter((m) => m.id !== id),
  );
  queryClient.setQueriesData<{ pages: { messages: OnelinerMessage[] }[] }>(
    { queryKey: chatHistoryKey },
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((p) => ({ ...p, messages: p.messages.filter((m) => m.id !== id) })),
      },
  );
}

const EMPTY: OnelinerMessage[] = [];

export function useChatFeed(): OnelinerMessage[] {
  return (
    useQuery<OnelinerMessage[]>({ queryKey: chatFeedKey, queryFn: skipToken, staleTime: Infinity })
      .data ?? EMPTY
  );
}
