import { API, type OnelinerMessage } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeFailure, api } from '../../../lib/api-client';
import { storeChatMessage } from '../../../lib/chat-feed';
import { notify } from '../../../lib/toast';
import { sendFailureText } from '../chat-send-rules';

export const postOneliner = (message: string) =>
  api<OnelinerMessage>(API.oneliner.path(), { method: 'POST', body: { message } });

/** Sends a chat line; the stored message joins the feed at once (the live push is deduplicated). */
export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOneliner,
    onSuccess: (message) => storeChatMessage(queryClient, message),
    onError: (err) => {
      const text = sendFailureText(describeFailure(err));
      if (text) notify.error(text);
      else console.error('failed to send chat message', err);
    },
  });
}
