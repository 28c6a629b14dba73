import { queryOptions, skipToken, type QueryClient } from '@tanstack/react-query';

/**
 * A Request button's state: idle, busy while its request is under way, queued once the server
 * took it (for the rest of the page's life).
 */
export type RequestStatus = 'idle' | 'busy' | 'queued';

/** Song id -> status, for the songs that are not idle. */
export type RequestStatuses = Readonly<Record<number, Exclude<RequestStatus, 'idle'>>>;

const NONE: RequestStatuses = {};

/**
 * Which songs the signed-in listener is requesting or has queued, kept in the query cache per
 * user, so every Request button of a song (table, compact list, song page) reads the same entry
 * and another user's session starts empty. Only written locally: there is nothing to fetch, and
 * the entry is never dropped while the page lives.
 */
export const requestStatusQuery = (userId: number | null) =>
  queryOptions<RequestStatuses>({
    queryKey: ['request-status', userId],
    queryFn: skipToken,
    staleTime: Infinity,
    gcTime: Infinity,
  });

/** The statuses with one song's changed (idle removes its entry). */
export function withStatus(
  statuses: RequestStatuses,
  songId: number,
  status: RequestStatus,
): RequestStatuses {
  const next = { ...statuses };
  if (status === 'idle') delete next[songId];
  else next[songId] = status;
  return next;
}

export const statusOf = (statuses: RequestStatuses | undefined, songId: number): RequestStatus =>
  statuses?.[songId] ?? 'idle';

export function setRequestStatus(
  queryClient: QueryClient,
  userId: number,
  songId: number,
  status: RequestStatus,
): void {
  queryClient.setQueryData(requestStatusQuery(userId).queryKey, (current) =>
    withStatus(current ?? NONE, songId, status),
  );
}

export const getRequestStatus = (
  queryClient: QueryClient,
  userId: number,
  songId: number,
): RequestStatus => statusOf(queryClient.getQueryData(requestStatusQuery(userId).queryKey), songId);
