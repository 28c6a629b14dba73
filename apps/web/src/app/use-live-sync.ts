import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveConnection } from '../lib/live-connection';
import { routeLiveMessage } from '../lib/live-messages';
import { sessionStore } from '../lib/session';
import { notify } from '../lib/toast';
import { liveHandlers } from './live-handlers';

/** Keeps the live connection open for the page's lifetime and routes what it receives. */
export function useLiveSync(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const handlers = liveHandlers({
      queryClient,
      currentUserId: () => sessionStore.get()?.user.id,
      success: notify.success,
      adoptRole: (userId, role) => sessionStore.adoptRole(userId, role),
      sessionEnded: (tokenVersion, error) =>
        sessionStore.ended(tokenVersion, () => notify.error(error, 'session-ended')),
    });
    return liveConnection.subscribe((message) => routeLiveMessage(message, handlers));
  }, [queryClient]);
}
