import { API, type UnreadCount } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/** The poll that keeps the badge right when live pushes are missed (socket down, reconnecting). */
export const UNREAD_REFRESH_MS = 30_000;

export async function getUnreadCount(): Promise<number> {
  try {
    return (await api<UnreadCount>(API.unreadCount.path())).unreadCount;
  } catch (err) {
    console.error('failed to fetch unread count', err);
    throw err;
  }
}

export const unreadCountQuery = (userId: number | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.unreadMessages, userId],
    queryFn: getUnreadCount,
    enabled: userId !== undefined,
    refetchInterval: UNREAD_REFRESH_MS,
    retry: false,
  });

/** 0 when logged out; a failed refresh is logged and keeps the previous count. */
export function useUnreadCount(): number {
  const session = useSession();
  const { data } = useQuery(unreadCountQuery(session?.user.id));
  return session ? (data ?? 0) : 0;
}
