import { API, type StreamKey } from '@queuecast/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export const streamKeyKey = (userId: number) => ['stream-key', userId] as const;

/** The DJ's stream key and where to connect; null for an account that is not a DJ (403). */
export async function getStreamKey(): Promise<StreamKey | null> {
  try {
    return await api<StreamKey>(API.streamKey.path());
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) return null;
    throw err;
  }
}

export const streamKeyQuery = (userId: number) =>
  queryOptions({ queryKey: streamKeyKey(userId), queryFn: getStreamKey, retry: false });

export const useStreamKey = (userId: number) => useQuery(streamKeyQuery(userId));

/** Replaces the DJ's key (the old one stops working); the panel shows the new one. */
export function useNewStreamKey(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<StreamKey>(API.streamKey.path(), { method: 'POST' }),
    onSuccess: (key) => queryClient.setQueryData(streamKeyKey(userId), key),
  });
}
