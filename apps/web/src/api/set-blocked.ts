import { API, type BlockResult, type UserRef } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '../lib/api-client';
import { notify } from '../lib/toast';
import { queryKeys } from './keys';

export const setBlocked = (id: number, blocked: boolean) =>
  api<BlockResult>(API.block.path({ id }), { method: blocked ? 'PUT' : 'DELETE' });

/** Blocks or unblocks one user; the block list follows the server's answer. */
export function useSetBlocked(userId: number, user: UserRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blocked: boolean) => setBlocked(user.id, blocked),
    onSuccess: ({ blocked }) => {
      queryClient.setQueryData<UserRef[]>(queryKeys.blocks(userId), (list = []) =>
        blocked
          ? [...list.filter((u) => u.id !== user.id), user]
          : list.filter((u) => u.id !== user.id),
      );
      notify.success(blocked ? `Blocked ${user.username}` : `Unblocked ${user.username}`);
    },
    onError: (err) => {
      console.error('failed to change block', err);
      notify.error(errorText(err, 'Failed to update block'));
    },
  });
}
