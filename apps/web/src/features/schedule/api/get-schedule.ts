import { API, type Schedule } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Every schedule read; the show mutations reload them all. */
export const scheduleKey = ['schedule'] as const;

/** How often an open schedule reloads, so On now and Next follow the week. */
const REFRESH_MS = 60_000;

export const getSchedule = (from: number) => api<Schedule>(API.schedule.path({ from }));

/** The week from `from` (epoch seconds), with the slot on now and the next one. */
export const scheduleQuery = (from: number) =>
  queryOptions({
    queryKey: [...scheduleKey, from],
    queryFn: () => getSchedule(from),
    refetchInterval: REFRESH_MS,
  });

export const useSchedule = (from: number) => useQuery(scheduleQuery(from));
