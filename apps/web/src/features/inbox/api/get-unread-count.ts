import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

export const UNREAD_REFRESH_MS = 30_000;

export async function getUnreadCount(): Promise<number> {
  try {
    return (await api<{ unreadCount: number }>('/api/messages/unread/count')).unreadCount;
  } catch (err) {
    console.error('failed to fetch unread count', err);
    throw err;
  }
}

export const unreadCountQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: ['messages', 'unread', userId],
    queryFn: getUnreadCount,
    enabled: userId !== undefined,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: false,
  });

/** 0 when logged out; a failed refresh keeps the previous count (spec §4, §8). */
export function useUnreadCount(): number {
  const session = useSession();
  const { data } = useQuery(unreadCountQuery(session?.user.id));
  return session ? (data ?? 0) : 0;
}
