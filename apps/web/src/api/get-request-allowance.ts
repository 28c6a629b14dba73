import { API, type PlaybackUpdate, type RequestAllowance } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../lib/api-client';
import { usePlaybackPart } from '../lib/playback';
import { useSession } from '../lib/session';
import { queryKeys } from './keys';

export const getRequestAllowance = () => api<RequestAllowance>(API.requestAllowance.path());

/**
 * What the signed-in listener may request now. Asked again whenever the number of their
 * requests in the live queue changes (a request of theirs was queued, or went on air), so the
 * figures follow the queue without polling; undefined while logged out or loading.
 */
export function useRequestAllowance(): RequestAllowance | undefined {
  const session = useSession();
  const username = session?.user.username ?? null;
  const ownWaiting = useCallback(
    (update: PlaybackUpdate) =>
      username === null
        ? 0
        : update.queue.filter((s) => s.requested_by_username === username).length,
    [username],
  );
  const waiting = usePlaybackPart(ownWaiting);
  return useQuery({
    queryKey: [...queryKeys.requestAllowance, session?.user.id, waiting],
    queryFn: getRequestAllowance,
    enabled: session !== null,
    staleTime: 30_000,
    retry: false,
  }).data;
}
