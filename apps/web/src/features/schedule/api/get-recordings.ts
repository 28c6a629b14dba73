import { API, type RecordingList } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const recordingsKey = ['live-recordings'] as const;

export const getRecordings = () => api<RecordingList>(API.liveRecordings.path());

/** The past shows' recordings, newest first. */
export const useRecordings = () =>
  useQuery(queryOptions({ queryKey: recordingsKey, queryFn: getRecordings }));
