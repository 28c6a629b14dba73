import { API, type Tweak } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const postTweak = ({ songId, tweak }: { songId: number; tweak: Tweak }) =>
  api<Tweak>(API.songTweak.path({ id: songId }), { method: 'POST', body: tweak });

/** Saves a song's helper tweaks; the song page reloads with them. */
export function usePostTweak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postTweak,
    onSuccess: (_r, { songId }) =>
      queryClient.invalidateQueries({ queryKey: [...queryKeys.catalog, 'song', songId] }),
  });
}
