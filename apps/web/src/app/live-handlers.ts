import type { Role } from '@queuecast/contract';
import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../api/keys';
import { storeOwnMute } from '../features/chat/own-mute';
import { storeFeedItem } from '../features/feed/feed-cache';
import { storeMessagesRead, storePrivateMessage } from '../features/inbox/inbox-cache';
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
}

/**
 * What the page does with each live message: station state goes into the query cache, where
 * every screen reads it; the user's own news becomes a toast or the inbox badge's count (the
 * badge's 30 s poll stays as the fallback). Chat messages go into the chat feed's cache entry
 * (seeded by each update's latest messages), where the chat widget reads them. Private messages
 * and read receipts go into the inbox's conversation list and open thread. The session answer
 * brings the user's current role, which an admin may have changed since the token was issued.
 */
export function liveHandlers({
  queryClient,
  currentUserId,
  success,
  adoptRole,
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
    session: ({ user, error, muted_until }) => {
      console.debug('live session', user?.username ?? null, error ?? '');
      if (user) adoptRole(user.id, user.role);
      if (user && muted_until !== undefined) storeOwnMute(queryClient, user.id, muted_until);
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
  };
}
