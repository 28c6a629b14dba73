import { API, type VoteResult } from '@queuecast/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { storeVote } from './get-user-votes';
import { queryKeys } from './keys';

export const removeVote = (songId: number) =>
  api<VoteResult>(API.songVote.path({ id: songId }), { method: 'DELETE' });

/** Removes the user's score; on success the entry leaves the votes map and lists reload. */
export function useRemoveVote(
  options: Pick<UseMutationOptions<VoteResult, Error, number>, 'onSuccess' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeVote,
    onSuccess: (result, songId, ...rest) => {
      storeVote(queryClient, songId, null);
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites });
      return options.onSuccess?.(result, songId, ...rest);
    },
    onError: options.onError,
  });
}
