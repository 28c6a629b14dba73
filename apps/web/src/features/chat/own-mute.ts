import { skipToken, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useReducer } from 'react';
import { serverNow } from '../../lib/server-clock';
import { muteActive } from './mute-notice';

/**
 * When the signed-in listener's chat mute ends, as the server said: when a page signs in on the
 * live channel, when staff mute or unmute them, and when it refused a post. Kept
 * in the query cache (not the widget's state), so it outlives the widget; tied to the user it
 * was said to, so another login on this page is not shown someone else's mute.
 */
export const ownMuteKey = ['chat', 'own-mute'] as const;

interface OwnMute {
  userId: number;
  until: number;
}

/** Records the end of this user's mute; `null` (staff lifted it) records one already over. */
export function storeOwnMute(queryClient: QueryClient, userId: number, until: number | null): void {
  queryClient.setQueryData<OwnMute>(ownMuteKey, { userId, until: until ?? 0 });
}

/** setTimeout's longest wait; a later end is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The end of this user's mute (epoch seconds) while it holds, else null; re-renders when the
 * end passes on the station's clock.
 */
export function useOwnMute(userId: number | undefined): number | null {
  const queryClient = useQueryClient();
  const { data } = useQuery<OwnMute>({
    queryKey: ownMuteKey,
    queryFn: skipToken,
    staleTime: Infinity,
  });
  const [checks, recheck] = useReducer((n: number) => n + 1, 0);
  const until = data && data.userId === userId ? data.until : null;
  const active = muteActive(until, serverNow());

  useEffect(() => {
    if (until === null) return;
    if (!muteActive(until, serverNow())) {
      queryClient.removeQueries({ queryKey: ownMuteKey, exact: true });
      return;
    }
    const wait = Math.min((until - serverNow()) * 1000 + 50, MAX_TIMER_MS);
    const timer = setTimeout(recheck, Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [until, active, checks, queryClient]);

  return active ? until : null;
}
