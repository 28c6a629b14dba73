import { API, type ChatSettings } from '@queuecast/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const chatSettingsKey = ['chat', 'settings'] as const;

/** GET /api/moderation/chat-settings (staff): slow mode and the word filter. */
export const getChatSettings = () => api<ChatSettings>(API.chatSettings.path());

export const chatSettingsQuery = () =>
  queryOptions({ queryKey: chatSettingsKey, queryFn: getChatSettings });

export const useChatSettings = () => useQuery(chatSettingsQuery());
