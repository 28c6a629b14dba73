import { API, type SongDetail } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from './keys';
import { api } from '../lib/api-client';

export const getSong = (id: number) => api<SongDetail>(API.song.path({ id }));

export const songQuery = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.catalog, 'song', id],
    queryFn: () => getSong(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useSong = (id: number) => useQuery(songQuery(id));
