import type { PlaybackUpdate } from '@queuecast/contract';
import { skipToken, useQuery, type QueryClient } from '@tanstack/react-query';
import { DEFAULT_DJ_LABEL, DEFAULT_STATION_NAME } from './format';
import { syncServerClock } from './server-clock';

export const playbackKey = ['playback'] as const;

/**
 * The latest playback_update lives in the query cache. Live pushes are its only source (see
 * app/use-live-sync.ts), so there is no fetcher and the data never goes stale.
 */
export function storePlaybackUpdate(queryClient: QueryClient, update: PlaybackUpdate): void {
  syncServerClock(update.server_time);
  queryClient.setQueryData(playbackKey, update);
}

/** A listener count pushed between full updates; nothing to change before the first update. */
export function storeListeners(queryClient: QueryClient, listeners: number): void {
  queryClient.setQueryData<PlaybackUpdate>(playbackKey, (update) =>
    update ? { ...update, listeners } : update,
  );
}

/** A part of the latest update; the component re-renders only when that part changes. */
export function usePlaybackPart<T>(select: (update: PlaybackUpdate) => T): T | undefined {
  return useQuery<PlaybackUpdate, Error, T>({
    queryKey: playbackKey,
    queryFn: skipToken,
    staleTime: Infinity,
    select,
  }).data;
}

const whole = (update: PlaybackUpdate) => update;
const djLabel = (update: PlaybackUpdate) => update.station.dj_label;
const stationName = (update: PlaybackUpdate) => update.station.name;

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

/** The station's name, for the document title; the built-in default until the first update. */
export function useStationName(): string {
  return usePlaybackPart(stationName) ?? DEFAULT_STATION_NAME;
}
