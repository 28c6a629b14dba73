import { API, type BackupsOverview } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const getBackups = () => api<BackupsOverview>(API.staffBackups.path());

/** Looked at again every minute while open: a scheduled run shows up without a reload. */
const REFRESH_MS = 60_000;

export const backupsQuery = () =>
  queryOptions({
    queryKey: ['staff', 'backups'] as const,
    queryFn: getBackups,
    refetchInterval: REFRESH_MS,
  });

/** The backup schedule and the latest backups, newest first. */
export const useBackups = () => useQuery(backupsQuery());
