import { API, type QueueActionBody, type QueueActionResult } from '@queuecast/contract';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { queryKeys } from './keys';

/** A queue action's refusal that came with a 2xx status (`success: false`). */
export class QueueActionRefused extends Error {
  constructor(readonly serverMessage: string | null) {
    super(serverMessage ?? 'Queue action refused');
    this.name = 'QueueActionRefused';
  }
}

export async function queueAction(body: QueueActionBody): Promise<QueueActionResult> {
  const result = await api<QueueActionResult | undefined>(API.queue.path(), {
    method: 'POST',
    body,
  });
  if (result?.success !== true) throw new QueueActionRefused(result?.error ?? null);
  return result;
}

/**
 * Queues one song matching a filter (artist, platform, favourites or tags). On success the
 * picked song is locked, so every song list reloads; the queue arrives with the live update.
 */
export function useQueueAction(
  options: Pick<
    UseMutationOptions<QueueActionResult, Error, QueueActionBody>,
    'onSuccess' | 'onError'
  > = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: queueAction,
    onSuccess: (result, body, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.catalog });
      void queryClient.invalidateQueries({ queryKey: queryKeys.favorites });
      void queryClient.invalidateQueries({ queryKey: queryKeys.requestAllowance });
      return options.onSuccess?.(result, body, ...rest);
    },
    onError: options.onError,
  });
}
