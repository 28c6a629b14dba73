import type { QueryClient } from '@tanstack/react-query';
import { liveConnection } from '../lib/live-connection';
import { routeLiveMessage } from '../lib/live-messages';
import { sessionStore } from '../lib/session';
import { notify } from '../lib/toast';
import { liveHandlers } from './live-handlers';

/** Opens the page's live connection and routes what it receives; returns the way to stop. */
export function startLiveSync(queryClient: QueryClient): () => void {
  const handlers = liveHandlers({
    queryClient,
    currentUserId: () => sessionStore.get()?.user.id,
    success: notify.success,
    adoptRole: (userId, role) => sessionStore.adoptRole(userId, role),
    sessionEnded: (tokenVersion, error) =>
      sessionStore.ended(tokenVersion, () => notify.error(error, 'session-ended')),
  });
  return liveConnection.subscribe((message) => routeLiveMessage(message, handlers));
}
