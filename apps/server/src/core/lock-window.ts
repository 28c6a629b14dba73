/**
 * The effective lock window: a played song stays locked for the configured time, but never so
 * long that more than half of the playable catalogue is locked at once; the oldest plays unlock
 * first. A song is locked while `last_played_at > now − window`, so with K = ⌊N/2⌋ the window
 * ends exactly at the (K+1)-th most recent play: that play and every older one (ties included)
 * are outside it, and at most K songs stay locked. With one playable song or none, K is 0 and
 * nothing played stays locked.
 */
export interface LockWindowFacts {
  /** Seconds a played song stays locked when the catalogue is large enough. */
  lockSeconds: number;
  /** Epoch seconds. */
  now: number;
  /**
   * Epoch seconds of the (K+1)-th most recent last play among playable songs, K = ⌊N/2⌋;
   * null when fewer than K+1 of them were ever played.
   */
  boundaryPlayedAt: number | null;
}

/** How many playable songs may be locked at once. */
export function maxLocked(playableCount: number): number {
  return Math.floor(Math.max(0, playableCount) / 2);
}

/** Seconds a played song stays locked now: the configured window, capped as above. */
export function effectiveLockSeconds(facts: LockWindowFacts): number {
  const { lockSeconds, now, boundaryPlayedAt } = facts;
  if (boundaryPlayedAt === null) return lockSeconds;
  return Math.max(0, Math.min(lockSeconds, now - boundaryPlayedAt));
}

/**
 * Which play bounds the window, found without counting a large catalogue. With P playable
 * songs ever played, the (K+1)-th most recent play exists only when P ≥ K+1, that is when the
 * catalogue holds fewer than 2P playable songs. So playable songs are counted up to 2P at most:
 * fewer, and the count is N itself; 2P, and there is no boundary. A million-song catalogue with
 * a few thousand plays costs a few thousand rows, not a million.
 * Answers the 1-based rank of the boundary among the most recent plays, or null for none.
 */
export function boundaryRank(played: number, playableUpToTwicePlayed: number): number | null {
  if (played <= 0 || playableUpToTwicePlayed >= 2 * played) return null;
  return maxLocked(playableUpToTwicePlayed) + 1;
}
