/** Rules of the star vote: a whole score from 1 to 5, its average shown rounded. */

export const VOTE_MIN = 1;
export const VOTE_MAX = 5;

/** The average shown: the server's `avg_vote` rounded to a whole score; null without votes. */
export const shownAverage = (avgVote: number | null): number | null =>
  avgVote === null ? null : Math.round(avgVote);

/** Width of the average bar: 20 % per point. */
export const averageBarWidth = (average: number | null) => `${(average ?? 0) * 20}%`;

export type VoteAction = { kind: 'set'; vote: number } | { kind: 'remove' } | { kind: 'none' };

/**
 * What a click on a star does: the user's own score removes the vote, another score sets it;
 * nothing is sent when logged out or for anything but a whole number from 1 to 5.
 */
export function voteAction(
  clicked: number,
  own: number | undefined,
  loggedIn: boolean,
): VoteAction {
  if (!loggedIn || !Number.isInteger(clicked) || clicked < VOTE_MIN || clicked > VOTE_MAX) {
    return { kind: 'none' };
  }
  return clicked === own ? { kind: 'remove' } : { kind: 'set', vote: clicked };
}
