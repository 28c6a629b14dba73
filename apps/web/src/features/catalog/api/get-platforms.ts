import { API, type Platform } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const getPlatforms = async (): Promise<Platform[]> =>
  (await api<{ platforms: Platform[] }>(API.platforms.path())).platforms;

export const platformsQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalog, 'platforms'], queryFn: getPlatforms });

export const usePlatforms = () => useQuery(platformsQuery());
