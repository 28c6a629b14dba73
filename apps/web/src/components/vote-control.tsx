import { memo, useCallback } from 'react';
import { useRemoveVote } from '../api/remove-vote';
import { useSetVote } from '../api/set-vote';
import { notify } from '../lib/toast';
import { averageBarWidth, shownAverage, VOTE_MAX, voteAction } from './vote-rules';
import styles from './song-controls.module.css';
import { cx } from './ui/cx';

const STARS = Array.from({ length: VOTE_MAX }, (_, i) => i + 1);

export type VoteHandler = (songId: number, clicked: number, own: number | undefined) => void;

/** One click handler for any number of vote controls, with their success and failure toasts. */
export function useVoteHandler(loggedIn: boolean): VoteHandler {
  const { mutate: set } = useSetVote({
    onSuccess: (_r, input) => void notify.success(`Voted ${input.vote}`),
    onError: () => void notify.error('Failed to update vote'),
  });
  const { mutate: remove } = useRemoveVote({
    onSuccess: () => void notify.success('Vote removed'),
    onError: () => void notify.error('Failed to remove vote'),
  });
  return useCallback(
    (songId, clicked, own) => {
      const action = voteAction(clicked, own, loggedIn);
      if (action.kind === 'set') set({ songId, vote: action.vote });
      else if (action.kind === 'remove') remove(songId);
    },
    [loggedIn, set, remove],
  );
}

export interface VoteControlProps {
  songId: number;
  /** Names the group in lists ("Rating of {title}"). */
  title?: string;
  /** The song's `avg_vote` as the server sent it; null without votes. */
  avgVote: number | null;
  ownVote: number | undefined;
  loggedIn: boolean;
  onVote: VoteHandler;
}

/**
 * Five stars for the user's own score over a bar for the average (20 % per point). Clicking
 * the own score removes the vote. Disabled with the hint 'Log in to vote' when logged out.
 */
export const VoteControl = memo(function VoteControl({
  songId,
  title,
  avgVote,
  ownVote,
  loggedIn,
  onVote,
}: VoteControlProps) {
  const average = shownAverage(avgVote);
  const hint = loggedIn ? undefined : 'Log in to vote';
  const summary = average === null ? 'no votes yet' : `average ${average} of 5`;
  return (
    <div
      className={styles.voteControl}
      role="group"
      aria-label={title ? `Rating of ${title}: ${summary}` : `Rating: ${summary}`}
      title={hint}
    >
      <span className="stars">
        {STARS.map((n) => (
          <button
            key={n}
            type="button"
            className={cx(styles.star, ownVote !== undefined && n <= ownVote && styles.on)}
            aria-label={`Vote ${n}`}
            aria-pressed={ownVote === n}
            title={hint ?? (ownVote === n ? 'Remove your vote' : `Vote ${n}`)}
            disabled={!loggedIn}
            onClick={() => onVote(songId, n, ownVote)}
          >
            ★
          </button>
        ))}
      </span>
      <span className={styles.voteBar} aria-hidden="true">
        <span style={{ width: averageBarWidth(average) }} />
      </span>
    </div>
  );
});
