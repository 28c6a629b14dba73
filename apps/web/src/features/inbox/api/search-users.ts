import { API, LIMITS, type UserRef, type UserRefList } from '@queuecast/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The user search waits this long after the last keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/** Searching starts after more than one character. */
export const canSearchUsers = (term: string): boolean => term.trim().length > 1;

export async function searchUsers(term: string): Promise<UserRef[]> {
  try {
    const path = API.userSearch.path({ search: term.trim(), limit: LIMITS.userSearchMax });
    return (await api<UserRefList>(path)).users;
  } catch (err) {
    console.error('failed to search users', err);
    throw err;
  }
}

/** Up to 10 users to write to (never oneself or users one blocked); `term` is debounced. */
export const useUserSearch = (term: string) =>
  useQuery({
    queryKey: ['users', 'search', term.trim()],
    queryFn: () => searchUsers(term),
    enabled: canSearchUsers(term),
    staleTime: 30_000,
    retry: false,
  });
