import { useFavoriteIds } from './get-favorites';
import { useUserVotes } from './get-user-votes';

/**
 * Keeps the session data of spec §4 loaded for the whole app: favourites and votes are
 * fetched on login and whenever the token changes (their query keys carry the token).
 */
export function useSessionData(): void {
  useUserVotes();
  useFavoriteIds();
}
