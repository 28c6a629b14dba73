import { API, type Conversation, type ConversationList } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { inboxKeys } from '../inbox-cache';

/** The signed-in user's conversations, latest first. */
export async function getConversations(): Promise<Conversation[]> {
  try {
    return (await api<ConversationList>(API.conversations.path())).conversations;
  } catch (err) {
    console.error('failed to load conversations', err);
    throw err;
  }
}

/** Kept current by live pushes; fetched again when a new partner appears. */
export const useConversations = (userId: number) =>
  useQuery({
    queryKey: inboxKeys.conversations(userId),
    queryFn: getConversations,
    retry: false,
  });
