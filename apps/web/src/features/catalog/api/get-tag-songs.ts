import type { TagSongs } from '@queuecast/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../api/keys';
import { api } from '../../../lib/api-client';
import { tagSongsPath } from '../tag-paths';

export class InvalidSongData extends Error {
  constructor() {
    super('Received invalid song data format');
    this.name = 'InvalidSongData';
  }
}

/** Songs carrying every one of `tags` (the server intersects), one page at a time. */
export async function getTagSongs(tags: readonly string[], offset: number): Promise<TagSongs> {
  const body = await api<TagSongs>(tagSongsPath(tags, offset));
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
