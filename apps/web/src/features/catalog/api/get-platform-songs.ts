import { API, LIMITS, type PlatformSongs } from '@queuecast/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const getPlatformSongs = (platform: string, offset: number) =>
  api<PlatformSongs>(API.platformSongs.path({ platform }, { offset, limit: LIMITS.pageSize }));

export const platformSongsQuery = (platform: string, offset: number) =>
  queryOptions({
    queryKey: [...queryKeys.catalog, 'platform', platform, offset],
    queryFn: () => getPlatformSongs(platform, offset),
  });

/** One page of a platform's songs; the previous page stays on screen while the next loads. */
export const usePlatformSongs = (platform: string, offset: number) =>
  useQuery({ ...platformSongsQuery(platform, offset), placeholderData: keepPreviousData });
