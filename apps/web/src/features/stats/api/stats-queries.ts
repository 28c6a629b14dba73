import {
  API,
  type ActivityStats,
  type HeatmapStats,
  type ListenerSeries,
  type PeopleStats,
  type SessionStats,
  type StatsPanels,
  type TopStats,
} from '@queuecast/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiBlob } from '../../../lib/api-client';
import type { Panel, StatsRange } from '../stats-range';

export type TopKind = 'songs' | 'artists' | 'platforms';
export type TopMeasure = 'plays' | 'requests' | 'votes' | 'gain';

const key = (name: string, range: StatsRange, ...rest: unknown[]) =>
  ['stats', name, range.from, range.to, ...rest] as const;

export const useListenerSeries = (range: StatsRange, enabled: boolean) =>
  useQuery({
    queryKey: key('listeners', range),
    queryFn: () => api<ListenerSeries>(API.statsListeners.path({ ...range })),
    enabled,
  });

export const useSessionStats = (range: StatsRange, enabled: boolean) =>
  useQuery({
    queryKey: key('sessions', range),
    queryFn: () => api<SessionStats>(API.statsSessions.path({ ...range })),
    enabled,
  });

export const useActivityStats = (range: StatsRange, enabled: boolean) =>
  useQuery({
    queryKey: key('activity', range),
    queryFn: () => api<ActivityStats>(API.statsActivity.path({ ...range })),
    enabled,
  });

export const useHeatmap = (range: StatsRange, tz: string, enabled: boolean) =>
  useQuery({
    queryKey: key('heatmap', range, tz),
    queryFn: () => api<HeatmapStats>(API.statsHeatmap.path({ ...range, tz })),
    enabled,
  });

export const useTopStats = (range: StatsRange, kind: TopKind, by: TopMeasure, enabled: boolean) =>
  useQuery({
    queryKey: key('top', range, kind, by),
    queryFn: () => api<TopStats>(API.statsTop.path({ ...range, kind, by })),
    enabled,
  });

export const usePeopleStats = (range: StatsRange, enabled: boolean) =>
  useQuery({
    queryKey: key('people', range),
    queryFn: () => api<PeopleStats>(API.statsPeople.path({ ...range })),
    enabled,
  });

export const publicPanelsQuery = {
  queryKey: ['stats', 'panels'] as const,
  queryFn: () => api<StatsPanels>(API.statsPanels.path()),
};

/** The panels the public sees. */
export const usePublicPanels = () => useQuery(publicPanelsQuery);

/** An admin's choice of the public panels. */
export function useSavePublicPanels() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (panels: Panel[]) =>
      api<StatsPanels>(API.statsPanels.path(), { method: 'PUT', body: { public: panels } }),
    onSuccess: (saved) => client.setQueryData(publicPanelsQuery.queryKey, saved),
  });
}

/** Downloads one panel's figures as a CSV file. */
export async function downloadCsv(
  panel: Panel,
  range: StatsRange,
  extra: { by?: TopMeasure; tz?: string } = {},
): Promise<void> {
  const blob = await apiBlob(API.statsCsv.path({ ...range, panel, ...extra }));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${panel}-${new Date(range.from * 1000).toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
