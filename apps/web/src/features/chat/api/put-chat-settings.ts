import { API, type ChatSettings } from '@queuecast/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorText } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { chatSettingsKey } from './get-chat-settings';

/** PUT /api/moderation/chat-settings (staff); answers the settings as stored. */
export const putChatSettings = (settings: ChatSettings) =>
  api<ChatSettings>(API.chatSettings.path(), { method: 'PUT', body: settings });

export function useSaveChatSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putChatSettings,
    onSuccess: (stored) => {
      queryClient.setQueryData(chatSettingsKey, stored);
      notify.success('Chat settings saved.');
    },
    onError: (err) =>
      notify.error(
        errorText(err, 'Could not save the chat settings.', 'Network error; try again.'),
      ),
  });
}
