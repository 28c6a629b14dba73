import { API, type OnelinerMessage } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeFailure, api } from '../../../lib/api-client';
import { storeChatMessage } from '../../../lib/chat-feed';
import { notify } from '../../../lib/toast';

export const postOneliner = (message: string) =>
  api<OnelinerMessage>(API.oneliner.path(), { method: 'POST', body: { message } });

/**
 * The toast for a failed send, or null to only log it: the server's own words for a refused
 * message (400: blank or too long; 429: too fast), so the listener knows why.
 */
export function sendFailureText(err: unknown): string | null {
  const failure = describeFailure(err);
  if (failure.kind === 'status' && (failure.status === 400 || failure.status === 429)) {
    return failure.message ?? null;
  }
  return null;
}

/** Sends a chat line; the stored message joins the feed at once (the live push is deduplicated). */
export function useSendChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postOneliner,
    onSuccess: (message) => storeChatMessage(queryClient, message),
    onError: (err) => {
      const text = sendFailureText(err);
      if (text) notify.error(text);
      else console.error('failed to send chat message', err);
    },
  });
}
