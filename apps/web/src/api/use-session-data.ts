import { useFavoriteIds } from './get-favorites';
import { useUserVotes } from './get-user-votes';

/**
 * Keeps the signed-in user's session data loaded for the whole app: favourites and votes are
 * fetched on login and whenever the token changes (their query keys carry the token).
 */
export function useSessionData(): void {
  useUserVotes();
  useFavoriteIds();
}

/** useSessionData as a component that draws nothing, for the shell to load after first paint. */
export default function SessionData() {
  useSessionData();
  return null;
}
