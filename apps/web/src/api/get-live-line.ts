import { API, type LiveLineList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { liveLineKey } from './live-line';

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
