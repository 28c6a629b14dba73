import { API, LIMITS, type Thread } from '@queuecast/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inboxKeys, type ThreadPage } from '../inbox-cache';

/** The latest page of the thread with `partnerId`, or the page before message `fromId`. */
export async function getThreadPage(
  partnerId: number,
  fromId: number | undefined,
): Promise<ThreadPage> {
  try {
    const { messages } = await api<Thread>(
      API.messages.path({ with: partnerId, limit: LIMITS.threadPageSize, from_id: fromId }),
    );
    return { messages, hasOlder: messages.length >= LIMITS.threadPageSize };
  } catch (err) {
    console.error('failed to load messages', err);
    throw err;
  }
}

/**
 * The thread, pages oldest first: 'Load older' fetches the page before the oldest message
 * shown. Live pushes keep it current while it is on screen; it is dropped when it leaves, so
 * opening it again starts from the latest page.
 */
export const useThread = (userId: number, partnerId: number) =>
  useInfiniteQuery({
    queryKey: inboxKeys.thread(userId, partnerId),
    queryFn: ({ pageParam }) => getThreadPage(partnerId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (): number | undefined => undefined,
    getPreviousPageParam: (first: ThreadPage) =>
      first.hasOlder ? first.messages[0]?.id : undefined,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
