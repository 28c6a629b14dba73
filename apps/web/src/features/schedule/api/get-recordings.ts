import { API, type RecordingList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recordingsKey = ['live-recordings'] as const;

export const getRecordings = (show?: number) =>
  api<RecordingList>(API.liveRecordings.path({ show }));

/** The past shows' recordings (of one planned show, given `show`), newest first. */
export const useRecordings = (show?: number) =>
  useQuery(
    queryOptions({
      queryKey: [...recordingsKey, show ?? 'all'],
      queryFn: () => getRecordings(show),
    }),
  );
