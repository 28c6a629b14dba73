import type { Role } from '@queuecast/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/keys';
import { storeOwnMute } from '../features/chat/own-mute';
import { storeFeedItem } from '../features/feed/feed-cache';
import { storeMessagesRead, storePrivateMessage } from '../features/inbox/inbox-cache';
import { storeLiveLineItem } from '../api/live-line';
import { onAirText, type LiveHandlers } from '../lib/live-messages';
import { removeChatMessage, storeChatMessage, storeLatestChat } from '../lib/chat-feed';
import { storeListeners, storePlaybackUpdate } from '../lib/playback';

export interface LiveHandlerDeps {
  queryClient: QueryClient;
  /** The signed-in user's id, whose room the user-only messages come from. */
  currentUserId: () => number | undefined;
  success: (message: string) => void;
  /** The signed-in user's current role, as the server told it. */
  adoptRole: (userId: number, role: Role) => void;
  /**
   * The server ended the user's tokens older than `tokenVersion` (a password or role change, a
   * log-out everywhere): the page signs out, showing `error`, unless it holds a newer token.
   */
  sessionEnded: (tokenVersion: number, error: string) => void;
}

/** Said when the server ends a session without words of its own. */
export const SESSION_ENDED_TEXT = 'Your session has ended. Please log in again.';

/**
 * What the page does with each live message: station state goes into the query cache, where
 * every screen reads it; the user's own news becomes a toast or the inbox badge's count (the
 * badge's 30 s poll stays as the fallback). Chat messages go into the chat feed's cache entry
 * (seeded by each update's latest messages), where the chat widget reads them. Private messages
 * and read receipts go into the inbox's conversation list and open thread. The session answer
 * brings the user's current role; a session ended by the server (its tokens revoked) signs the
 * page out with the reason, unless the page already has the fresh token.
 */
export function liveHandlers({
  queryClient,
  currentUserId,
  success,
  adoptRole,
  sessionEnded,
}: LiveHandlerDeps): LiveHandlers {
  return {
    playback_update: (update) => {
      storePlaybackUpdate(queryClient, update);
      storeLatestChat(queryClient, update.oneliner);
    },
    listeners: ({ listeners }) => storeListeners(queryClient, listeners),
    request_on_air: ({ song }) => success(onAirText(song)),
    unread_count: ({ unreadCount }) => {
      const userId = currentUserId();
      if (userId !== undefined) {
        queryClient.setQueryData([...queryKeys.unreadMessages, userId], unreadCount);
      }
    },
    session: ({ user, error, muted_until, token_version }) => {
      console.debug('live session', user?.username ?? null, error ?? '');
      if (user) adoptRole(user.id, user.role);
      if (user && muted_until !== undefined) storeOwnMute(queryClient, user.id, muted_until);
      if (!user && token_version !== undefined) {
        sessionEnded(token_version, error ?? SESSION_ENDED_TEXT);
      }
    },
    mute_changed: ({ muted_until }) => {
      const userId = currentUserId();
      if (userId !== undefined) storeOwnMute(queryClient, userId, muted_until);
    },
    chat_message: ({ message }) => storeChatMessage(queryClient, message),
    chat_deleted: ({ id }) => removeChatMessage(queryClient, id),
    private_message: ({ message }) => {
      const userId = currentUserId();
      if (userId !== undefined) storePrivateMessage(queryClient, message, userId);
    },
    messages_read: (read) => {
      const userId = currentUserId();
      if (userId !== undefined) storeMessagesRead(queryClient, read, userId);
    },
    feed_item: ({ item }) => storeFeedItem(queryClient, item),
    upload_status: (status) =>
      queryClient.setQueryData([...queryKeys.uploadStatus, status.song_id], status),
    live_line: ({ item }) => {
      const userId = currentUserId();
      if (userId !== undefined) storeLiveLineItem(queryClient, userId, item);
    },
  };
}
