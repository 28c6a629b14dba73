import { API, type TagCounts } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const getTagCloud = () => api<TagCounts>(API.tags.path());

export const tagCloudQuery = () =>
  queryOptions({ queryKey: [...queryKeys.catalog, 'tags'], queryFn: getTagCloud });

export const useTagCloud = () => useQuery(tagCloudQuery());
