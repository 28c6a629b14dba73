import { API, type RecentComment, type RecentComments } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export async function getRecentComments(): Promise<RecentComment[]> {
  try {
    return (await api<RecentComments>(API.recentComments.path())).comments;
  } catch (err) {
    // Logged only: the list is a side panel, not worth a toast.
    console.error('failed to load recent comments', err);
    throw err;
  }
}

export const recentCommentsQuery = () =>
  queryOptions({
    queryKey: [...queryKeys.comments, 'recent'],
    queryFn: getRecentComments,
    refetchInterval: 60_000,
  });

export const useRecentComments = () => useQuery(recentCommentsQuery());
