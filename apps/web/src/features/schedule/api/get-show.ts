import { API, type ShowPage } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

export const getShow = (id: number) => api<ShowPage>(API.scheduledShow.path({ id }));

/** A planned show and its slot on now or next; under the schedule's key, so edits reload it. */
export const useShow = (id: number) =>
  useQuery(
    queryOptions({
      queryKey: [...scheduleKey, 'show', id],
      queryFn: () => getShow(id),
      enabled: Number.isInteger(id) && id > 0,
    }),
  );
