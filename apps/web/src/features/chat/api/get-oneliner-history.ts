import { API, LIMITS, type OnelinerList } from '@queuecast/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { chatHistoryKey } from '../../../lib/chat-feed';

/** One page of the chat log, newest first; `fromId` pages to messages older than that id. */
export async function getOnelinerPage(fromId: number | undefined): Promise<OnelinerList> {
  try {
    return await api<OnelinerList>(
      API.oneliner.path({ limit: LIMITS.onelinerPageSize, from_id: fromId }),
    );
  } catch (err) {
    // Logged only, as the product does for oneliner loads.
    console.error('failed to load oneliner history', err);
    throw err;
  }
}

/** The next page starts below the oldest id shown; a short page was the last one. */
export function nextFromId(page: OnelinerList): number | undefined {
  return page.messages.length < LIMITS.onelinerPageSize ? undefined : page.messages.at(-1)?.id;
}

export const useOnelinerHistory = () =>
  useInfiniteQuery({
    queryKey: chatHistoryKey,
    queryFn: ({ pageParam }) => getOnelinerPage(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: nextFromId,
  });
