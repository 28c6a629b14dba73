import { API, type MissingSongs } from '@queuecast/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MISSING_SONGS_PAGE_SIZE, type MissingSongsFilter } from '../missing-songs-view';

export const getMissingSongs = ({ page, platform, q }: MissingSongsFilter) =>
  api<MissingSongs>(
    API.songsWithoutFiles.path({ page, limit: MISSING_SONGS_PAGE_SIZE, platform, q }),
  );

/**
 * One page of the songs without an approved file. The previous page stays on screen while the
 * next one loads, so the pager does not jump.
 */
export const useMissingSongs = (filter: MissingSongsFilter) =>
  useQuery({
    queryKey: ['staff', 'missing-songs', filter],
    queryFn: () => getMissingSongs(filter),
    placeholderData: keepPreviousData,
    retry: false,
  });
