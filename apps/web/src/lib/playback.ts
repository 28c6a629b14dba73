import type { PlaybackUpdate } from '@queuecast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveConnection } from './live-connection';

export const playbackKey = ['playback'] as const;

/**
 * Keeps the latest playback_update in the query cache: live pushes are the only source,
 * so there is no fetcher and the data never goes stale.
 */
export function useLiveSync(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      liveConnection.subscribe((message) => {
        if (message.type === 'playback_update') queryClient.setQueryData(playbackKey, message);
      }),
    [queryClient],
  );
}

export function usePlayback(): PlaybackUpdate | undefined {
  return useQuery<PlaybackUpdate>({
    queryKey: playbackKey,
    queryFn: () => new Promise<never>(() => undefined),
    enabled: false,
    staleTime: Infinity,
  }).data;
}
