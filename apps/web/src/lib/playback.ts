import type { PlaybackUpdate } from '@queuecast/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DEFAULT_DJ_LABEL } from './format';
import { liveConnection } from './live-connection';
import { syncServerClock } from './server-clock';

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
        if (message.type !== 'playback_update') return;
        syncServerClock(message.server_time);
        queryClient.setQueryData(playbackKey, message);
      }),
    [queryClient],
  );
}

/** A part of the latest update; the component re-renders only when that part changes. */
function usePlaybackPart<T>(select: (update: PlaybackUpdate) => T): T | undefined {
  return useQuery<PlaybackUpdate, Error, T>({
    queryKey: playbackKey,
    queryFn: () => new Promise<never>(() => undefined),
    enabled: false,
    staleTime: Infinity,
    select,
  }).data;
}

const whole = (update: PlaybackUpdate) => update;
const djLabel = (update: PlaybackUpdate) => update.station.dj_label;

export function usePlayback(): PlaybackUpdate | undefined {
  return usePlaybackPart(whole);
}

/**
 * The station's name for its own picks, shown where a song has no requester; the built-in
 * default until the first update. Re-renders only when the label changes.
 */
export function useDjLabel(): string {
  return usePlaybackPart(djLabel) ?? DEFAULT_DJ_LABEL;
}
