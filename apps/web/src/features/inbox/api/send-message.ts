import { API, type PrivateMessage, type SendMessage } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { storePrivateMessage } from '../inbox-cache';

export const sendMessage = (body: SendMessage) =>
  api<PrivateMessage>(API.messages.path(), { method: 'POST', body });

/**
 * Sends a private message; the stored message joins its thread at once (the live echo is
 * deduplicated). A refusal shows the server's words (muted, blocked, too fast), else
 * 'Failed to send message'.
 */
export function useSendMessage(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: (message) => storePrivateMessage(queryClient, message, userId),
    onError: (err) => {
      console.error('failed to send message', err);
      notify.error(errorText(err, 'Failed to send message'));
    },
  });
}
