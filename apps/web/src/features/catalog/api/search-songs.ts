import { API, type SearchResult } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export const searchSongs = (q: string) => api<SearchResult>(API.search.path({ q }));

export const searchQuery = (q: string) =>
  queryOptions({
    queryKey: [...queryKeys.catalog, 'search', q],
    queryFn: () => searchSongs(q),
    enabled: q.length > 0,
  });

export const useSearch = (q: string) => useQuery(searchQuery(q));
