import { API, type AddSong, type AddSongResult } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const addSong = (body: AddSong) =>
  api<AddSongResult>(API.addSong.path(), { method: 'POST', body });

/** Adds a song (without a file yet); its artist's and platform's lists reload. */
export function useAddSong() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addSong,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.catalog }),
  });
}
