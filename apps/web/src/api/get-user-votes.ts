import { API, type UserVotesResponse } from '@queuecast/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { readCached, removeCached, writeCached } from '../lib/local-cache';
import { sessionStore, STORAGE_KEYS, useSession } from '../lib/session';
import { queryKeys } from './keys';

/** Song id (as text) -> the signed-in user's score. */
export type UserVotes = Record<string, number>;

const NO_VOTES: UserVotes = {};

/**
 * The user's votes, loaded on login and on every token change. A failure is logged and leaves an
 * empty map with the cached copy removed; a late answer for a token that is no longer current is
 * not cached.
 */
export async function getUserVotes(token: string): Promise<UserVotes> {
  try {
    const { votes } = await api<UserVotesResponse>(API.userVotes.path());
    if (sessionStore.get()?.token === token) writeCached(STORAGE_KEYS.votes, votes);
    return votes;
  } catch (err) {
    console.error('failed to fetch votes', err);
    removeCached(STORAGE_KEYS.votes);
    return NO_VOTES;
  }
}

export const userVotesQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.votes, token],
    queryFn: () => getUserVotes(token!),
    enabled: token !== undefined,
    initialData: () => readCached<UserVotes>(STORAGE_KEYS.votes),
    // The cached copy is only a head start: fetch again on every login and token change.
    initialDataUpdatedAt: 0,
    staleTime: Infinity,
    retry: false,
  });

/** The signed-in user's votes; empty when logged out. */
export function useUserVotes(): UserVotes {
  const session = useSession();
  const { data } = useQuery(userVotesQuery(session?.token));
  return session ? (data ?? NO_VOTES) : NO_VOTES;
}

/** Writes a changed vote into the cache and its stored copy (local state after success). */
export function storeVote(queryClient: QueryClient, songId: number, vote: number | null): void {
  const token = sessionStore.get()?.token;
  if (!token) return;
  const next = { ...(queryClient.getQueryData<UserVotes>([...queryKeys.votes, token]) ?? {}) };
  if (vote === null) delete next[String(songId)];
  else next[String(songId)] = vote;
  queryClient.setQueryData([...queryKeys.votes, token], next);
  writeCached(STORAGE_KEYS.votes, next);
}
