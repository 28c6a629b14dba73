import { LIMITS, type TagSongs } from '@queuecast/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';

export class InvalidSongData extends Error {
  constructor() {
    super('Received invalid song data format');
    this.name = 'InvalidSongData';
  }
}

/** Songs carrying every one of `tags` (the server intersects), one page at a time. */
export async function getTagSongs(tags: readonly string[], offset: number): Promise<TagSongs> {
  const path = tags.map(encodeURIComponent).join(',');
  const body = await api<TagSongs>(`/api/tags/${path}?offset=${offset}&limit=${LIMITS.pageSize}`);
  if (!Array.isArray(body?.songs)) throw new InvalidSongData();
  return body;
}

export const tagSongsQuery = (tags: readonly string[], offset: number) =>
  queryOptions({
    queryKey: [...queryKeys.catalog, 'tag-songs', tags.join(','), offset],
    queryFn: () => getTagSongs(tags, offset),
    enabled: tags.length > 0,
  });

export const useTagSongs = (tags: readonly string[], offset: number) =>
  useQuery({ ...tagSongsQuery(tags, offset), placeholderData: keepPreviousData });
