import { API, type ScheduledShow, type ShowBody } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { scheduleKey } from './get-schedule';

/** Plans a show (staff). */
export const createShow = (body: ShowBody) =>
  api<ScheduledShow>(API.schedule.path(), { method: 'POST', body });

/** Changes a planned show (staff): every slot of a weekly one. */
export const updateShow = ({ id, body }: { id: number; body: ShowBody }) =>
  api<ScheduledShow>(API.scheduledShow.path({ id }), { method: 'PUT', body });

/** Takes a show off the schedule (staff). */
export const deleteShow = (id: number) =>
  api<void>(API.scheduledShow.path({ id }), { method: 'DELETE' });

/** Adds a show, or changes the show `id`; every loaded week reloads. */
export function useSaveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: ShowBody }) =>
      id === null ? createShow(body) : updateShow({ id, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}

export function useDeleteShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
