import { API, type Song, type Ok } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { storeFavorite } from './get-favorites';
import { queryKeys } from './keys';

export const removeFavorite = (song: Song) =>
  api<Ok>(API.favorite.path({ songId: song.id }), { method: 'DELETE' });

/** Removes a favourite; only a confirmed removal changes local state. */
export function useRemoveFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFavorite,
    onSuccess: (_result, song) => {
      storeFavorite(queryClient, song, false);
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.catalog, 'song', song.id] });
    },
    onError: (err) => console.error('failed to remove favorite', err),
  });
}
