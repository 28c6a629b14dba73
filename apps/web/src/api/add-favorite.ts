import { API, type Song, type Ok } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { storeFavorite } from './get-favorites';
import { queryKeys } from './keys';

export const addFavorite = (song: Song) =>
  api<Ok>(API.favorites.path(), { method: 'POST', body: { song_id: song.id } });

/**
 * Adds a favourite; only a confirmed add changes local state. The list is then fetched again,
 * so the full, current song is what gets appended.
 */
export function useAddFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFavorite,
    onSuccess: (_result, song) => {
      storeFavorite(queryClient, song, true);
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.catalog, 'song', song.id] });
    },
    onError: (err) => console.error('failed to add favorite', err),
  });
}
