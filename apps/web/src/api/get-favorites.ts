import { API, type Favorites, type Song } from '@queuecast/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../lib/api-client';
import { readCached, removeCached, writeCached } from '../lib/local-cache';
import { sessionStore, STORAGE_KEYS, useSession } from '../lib/session';
import { queryKeys } from './keys';

const NO_SONGS: Song[] = [];
const NO_IDS: ReadonlySet<number> = new Set();

/**
 * The user's favourite songs, loaded on login and on every token change (each item wraps its
 * song). A failure is logged and leaves an empty list with the cached copy removed.
 */
export async function getFavorites(token: string): Promise<Song[]> {
  try {
    const { favorites } = await api<Favorites>(API.favorites.path());
    const songs = favorites.map((f) => f.song);
    if (sessionStore.get()?.token === token) writeCached(STORAGE_KEYS.favorites, songs);
    return songs;
  } catch (err) {
    console.error('failed to fetch favorites', err);
    removeCached(STORAGE_KEYS.favorites);
    return NO_SONGS;
  }
}

export const favoritesQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: [...queryKeys.favorites, token],
    queryFn: () => getFavorites(token!),
    enabled: token !== undefined,
    initialData: () => readCached<Song[]>(STORAGE_KEYS.favorites),
    // The cached copy is only a head start: fetch again on every login and token change.
    initialDataUpdatedAt: 0,
    staleTime: Infinity,
    retry: false,
  });

/** Favourite songs of the signed-in user (empty when logged out); `isPending` until known. */
export function useFavorites(options: { refetchOnWindowFocus?: 'always' } = {}) {
  const session = useSession();
  const query = useQuery({ ...favoritesQuery(session?.token), ...options });
  return {
    songs: session ? (query.data ?? NO_SONGS) : NO_SONGS,
    isPending: session !== null && query.isPending,
  };
}

const toIds = (songs: Song[]): ReadonlySet<number> => new Set(songs.map((s) => s.id));

/** Ids of the favourite songs, for hearts and the Fav sort. */
export function useFavoriteIds(): ReadonlySet<number> {
  const session = useSession();
  const { data } = useQuery({ ...favoritesQuery(session?.token), select: toIds });
  return session ? (data ?? NO_IDS) : NO_IDS;
}

/** Applies a confirmed change to the cached list and its stored copy. */
export function storeFavorite(queryClient: QueryClient, song: Song, favorited: boolean): void {
  const token = sessionStore.get()?.token;
  if (!token) return;
  const current = queryClient.getQueryData<Song[]>([...queryKeys.favorites, token]) ?? [];
  const next = favorited
    ? [...current.filter((s) => s.id !== song.id), { ...song, is_favorited: true }]
    : current.filter((s) => s.id !== song.id);
  queryClient.setQueryData([...queryKeys.favorites, token], next);
  writeCached(STORAGE_KEYS.favorites, next);
}
