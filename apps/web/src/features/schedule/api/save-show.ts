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

/** Sets a show's artwork: the picture file as it is (staff). */
export const setShowArtwork = ({ id, file }: { id: number; file: Blob }) =>
  api<ScheduledShow>(API.scheduledShowArtwork.path({ id }), { method: 'PUT', file });

/** Removes a show's artwork (staff). */
export const removeShowArtwork = (id: number) =>
  api<ScheduledShow>(API.scheduledShowArtwork.path({ id }), { method: 'DELETE' });

/** Takes a show off the schedule (staff). */
export const deleteShow = (id: number) =>
  api<void>(API.scheduledShow.path({ id }), { method: 'DELETE' });

/** What to do with a show's artwork as it is saved: keep it, set a new picture, remove it. */
export type ArtworkChange = { kind: 'keep' } | { kind: 'set'; file: Blob } | { kind: 'remove' };

/** The show was saved, but its artwork was refused (`cause`: the server's answer). */
export class ArtworkRefused extends Error {
  constructor(
    readonly saved: ScheduledShow,
    override readonly cause: unknown,
  ) {
    super('The artwork was refused.');
  }
}

/**
 * Adds a show, or changes the show `id`, then sets or removes its artwork; every loaded week
 * reloads, even when the artwork was refused after the show was saved.
 */
export function useSaveShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      artwork,
    }: {
      id: number | null;
      body: ShowBody;
      artwork: ArtworkChange;
    }) => {
      const saved = id === null ? await createShow(body) : await updateShow({ id, body });
      try {
        if (artwork.kind === 'set')
          return await setShowArtwork({ id: saved.id, file: artwork.file });
        if (artwork.kind === 'remove') return await removeShowArtwork(saved.id);
      } catch (err) {
        throw new ArtworkRefused(saved, err);
      }
      return saved;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}

export function useDeleteShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteShow,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scheduleKey }),
  });
}
