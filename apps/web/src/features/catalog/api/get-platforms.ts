import { API, type Platform, type PlatformList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const getPlatforms = async (): Promise<Platform[]> =>
  (await api<PlatformList>(API.platforms.path())).platforms;

export const platformsQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalog, 'platforms'], queryFn: getPlatforms });

export const usePlatforms = () => useQuery(platformsQuery());
