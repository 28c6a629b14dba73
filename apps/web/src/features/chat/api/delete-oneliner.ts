import { API, type Ok } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, errorText } from '../../../lib/api-client';
import { removeChatMessage } from '../../../lib/chat-feed';
import { notify } from '../../../lib/toast';

/** DELETE /api/oneliner/:id (staff): the message is gone for everyone. */
export const deleteOneliner = (id: number) =>
  api<Ok>(API.onelinerMessage.path({ id }), { method: 'DELETE' });

/**
 * Removes a chat line; it leaves this page at once (every page also gets `chat_deleted`). A
 * message someone else removed first (404) leaves too, with the server's words as a toast.
 */
export function useDeleteChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOneliner,
    onSuccess: (_ok, id) => removeChatMessage(queryClient, id),
    onError: (err, id) => {
      notify.error(errorText(err, 'Could not delete the message.', 'Network error; try again.'));
      if (err instanceof ApiError && err.status === 404) removeChatMessage(queryClient, id);
    },
  });
}
