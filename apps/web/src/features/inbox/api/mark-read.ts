import { API, type MarkReadResult } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { serverNow } from '../../../lib/server-clock';
import { inboxKeys, storeOwnRead } from '../inbox-cache';

export const markRead = (messageIds: number[]) =>
  api<MarkReadResult>(API.markRead.path(), { method: 'PUT', body: { messageIds } });

/**
 * Marks the partner's messages read: the thread, the partner's list entry and the badge change
 * at once; the server's answer then sets the badge to its count.
 */
export function useMarkRead(userId: number, partnerId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onMutate: (ids) => storeOwnRead(queryClient, userId, partnerId, ids, Math.floor(serverNow())),
    onSuccess: ({ unreadCount }) => queryClient.setQueryData(inboxKeys.unread(userId), unreadCount),
    onError: (err) => {
      console.error('failed to mark messages read', err);
      void queryClient.invalidateQueries({ queryKey: inboxKeys.unread(userId) });
    },
  });
}
