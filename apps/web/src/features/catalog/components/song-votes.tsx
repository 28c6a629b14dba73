import type { SongDetail } from '@queuecast/contract';
import { useId, useState } from 'react';
import { UserLink } from '../../../components/user-link';
import type { VoteHandler } from '../../../components/vote-control';
import styles from '../song-page.module.css';

/**
 * The song page's votes panel: a toggle that shows who voted what, a heart beside voters who also
 * favourited the song, and 'Remove' beside the signed-in user's own vote.
 */
export function SongVotes({
  detail,
  username,
  onVote,
}: {
  detail: SongDetail;
  username: string | undefined;
  onVote: VoteHandler;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const fans = new Set(detail.favorites.map((f) => f.username));
  return (
    <section className={styles.songPanel}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide votes' : `Show votes (${detail.votes.length})`}
      </button>
      <div id={id} hidden={!open}>
        {open &&
          (detail.votes.length === 0 ? (
            <p className="muted">No votes yet.</p>
          ) : (
            <ul className={styles.voteList} aria-label="Votes">
              {detail.votes.map((v) => (
                <li key={v.username}>
                  <UserLink username={v.username} />
                  {fans.has(v.username) && (
                    <span
                      className={styles.fan}
                      role="img"
                      aria-label="favorited"
                      title="Favorited"
                    >
                      ♥
                    </span>
                  )}
                  <span className={styles.voteValue}>{v.vote}</span>
                  {v.username === username && (
                    <button
                      type="button"
                      className={styles.linkButtonInline}
                      onClick={() => onVote(detail.song.id, v.vote, v.vote)}
                    >
                      Remove
                    </button>
                  )}
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
