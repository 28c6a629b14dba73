import { API, type OnelinerMessage } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, describeFailure, api } from '../../../lib/api-client';
import { storeChatMessage } from '../../../lib/chat-feed';
import { sessionStore } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { sendFailureText } from '../chat-send-rules';
import { mutedUntilOf } from '../mute-notice';
import { storeOwnMute } from '../own-mute';

export const postOneliner = (message: string) =>
  api<OnelinerMessage>(API.oneliner.path(), { method: 'POST', body: { message } });

/**
 * Sends a chat line; the stored message joins the feed at once (the live push is deduplicated).
 * A refusal because the listener is muted records when the mute ends, for the widget's notice.
 */
export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOneliner,
    onSuccess: (message) => storeChatMessage(queryClient, message),
    onError: (err) => {
      const until = err instanceof ApiError ? mutedUntilOf(err.status, err.body) : null;
      const userId = sessionStore.get()?.user.id;
      if (until !== null && userId !== undefined) storeOwnMute(queryClient, userId, until);
      const text = sendFailureText(describeFailure(err));
      if (text) notify.error(text);
      else console.error('failed to send chat message', err);
    },
  });
}
