import { API, type VoteResult } from '@queuecast/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { storeVote } from './get-user-votes';
import { queryKeys } from './keys';

export interface SetVoteInput {
  songId: number;
  vote: number;
}

export const setVote = ({ songId, vote }: SetVoteInput) =>
  api<VoteResult>(API.songVote.path({ id: songId }), { method: 'POST', body: { vote } });

/** Sets the user's score; on success the votes map changes and song lists reload. */
export function useSetVote(
  options: Pick<UseMutationOptions<VoteResult, Error, SetVoteInput>, 'onSuccess' | 'onError'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setVote,
    onSuccess: (result, input, ...rest) => {
      storeVote(queryClient, input.songId, result.user_vote);
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites });
      return options.onSuccess?.(result, input, ...rest);
    },
    onError: options.onError,
  });
}
