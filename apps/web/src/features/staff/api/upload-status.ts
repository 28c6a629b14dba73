import type { LiveMessageOf } from '@queuecast/contract';
import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '../../../api/keys';

export type UploadStatus = LiveMessageOf<'upload_status'>;

const keyOf = (songId: number) => [...queryKeys.uploadStatus, songId];

/**
 * Where the signed-in user's upload for a song stands once its bytes are in (waiting its turn in
 * the analysis queue, or analysed), as the live connection last said; null before any word.
 * Nothing is fetched: the live connection writes it. The second value forgets it (a new upload).
 */
export function useUploadStatus(songId: number): [UploadStatus | null, () => void] {
  const queryClient = useQueryClient();
  const { data } = useQuery<UploadStatus | null>({
    queryKey: keyOf(songId),
    queryFn: skipToken,
    staleTime: Infinity,
  });
  const reset = useCallback(
    () => queryClient.setQueryData<UploadStatus | null>(keyOf(songId), null),
    [queryClient, songId],
  );
  return [data ?? null, reset];
}
