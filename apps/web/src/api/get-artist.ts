import { API, type ArtistSongs } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './keys';
import { api } from '../lib/api-client';

export async function getArtist(id: number): Promise<ArtistSongs> {
  try {
    return await api<ArtistSongs>(API.artist.path({ id }));
  } catch (err) {
    // Logged only: the page shows its own text instead of a toast.
    console.error('failed to load artist', err);
    throw err;
  }
}

export const artistQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.catalog, 'artist', id],
    queryFn: () => getArtist(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useArtist = (id: number) => useQuery(artistQuery(id));
