import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * Keeps the live connection open for the page's lifetime and routes what it receives. The
 * socket and its handlers arrive in a chunk of their own, fetched beside the page's chunk as
 * soon as the shell has rendered: the first load stays within its budget, and the socket
 * opens within a few milliseconds of where it would have.
 */
export function useLiveSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    void import('./live-sync').then(({ startLiveSync }) => {
      if (!left) stop = startLiveSync(queryClient);
    });
    return () => {
      left = true;
      stop?.();
    };
  }, [queryClient]);
}
