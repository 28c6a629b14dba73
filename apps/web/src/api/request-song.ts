import { API, type RequestResult } from '@queuecast/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { ApiError, api, UnexpectedResponse } from '../lib/api-client';
import { setRequestStatus, type RequestStatus } from '../lib/request-status';
import { sessionStore } from '../lib/session';
import { queryKeys } from './keys';

export async function requestSong(songId: number): Promise<RequestResult> {
  const result = await api<RequestResult | undefined>(API.song.path({ id: songId }), {
    method: 'POST',
  });
  if (result?.success !== true) throw new UnexpectedResponse();
  return result;
}

/**
 * Requests a song for the signed-in listener. The song's button state is kept in the query
 * cache (lib/request-status.ts) for the user who clicked; on success, and on a 409 that says
 * the lists are out of date, every song list reloads so `recently_played` is current. The
 * queue itself arrives with the live update the server pushes.
 */
export function useRequestSong(
  options: Pick<UseMutationOptions<RequestResult, Error, number>, 'onSuccess' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
    void queryClient.invalidateQueries({ queryKey: queryKeys.favorites });
  };
  const refreshAllowance = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.requestAllowance });
  const mark = (userId: number | undefined, songId: number, status: RequestStatus) => {
    if (userId !== undefined) setRequestStatus(queryClient, userId, songId, status);
  };
  return useMutation({
    mutationFn: requestSong,
    onMutate: (songId) => {
      const userId = sessionStore.get()?.user.id;
      mark(userId, songId, 'busy');
      return { userId };
    },
    onSuccess: (result, songId, context, ...rest) => {
      mark(context.userId, songId, 'queued');
      refresh();
      refreshAllowance();
      return options.onSuccess?.(result, songId, context, ...rest);
    },
    onError: (err, songId, context, ...rest) => {
      mark(context?.userId, songId, 'idle');
      if (err instanceof ApiError && err.status === 409) refresh();
      if (err instanceof ApiError && (err.status === 403 || err.status === 429)) refreshAllowance();
      return options.onError?.(err, songId, context, ...rest);
    },
  });
}
