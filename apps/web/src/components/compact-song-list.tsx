import { PAGES, type Song } from '@queuecast/contract';
import { Link } from 'react-router';
import { useFavoriteIds } from '../api/get-favorites';
import { useUserVotes } from '../api/get-user-votes';
import { formatLength } from '../lib/format';
import { useSession } from '../lib/session';
import { ArtistLinks } from './artist-links';
import { FavoriteToggle, useFavoriteHandler } from './favorite-toggle';
import { RequestButton, useRequestHandler } from './request-button';
import { VoteControl, useVoteHandler } from './vote-control';
import styles from './compact-song-list.module.css';

/** A short status line: played recently, no audio yet, or ready to request. */
export function songStatusText(song: Pick<Song, 'recently_played' | 'has_file'>): string {
  if (song.recently_played) return 'Played recently';
  if (!song.has_file) return 'No audio file yet';
  return 'Available';
}

/**
 * The compact song list (profile favourites): artists, title, length, a status text, the rating
 * control (disabled with 'Log in to vote' when logged out), a favourite toggle and a Request
 * button.
 */
export function CompactSongList({ songs, label }: { songs: readonly Song[]; label: string }) {
  const session = useSession();
  const loggedIn = session !== null;
  const votes = useUserVotes();
  const favoriteIds = useFavoriteIds();
  const onVote = useVoteHandler(loggedIn);
  const onFavorite = useFavoriteHandler(loggedIn);
  const onRequest = useRequestHandler('compact');
  return (
    <ul className={styles.compactSongs} aria-label={label}>
      {songs.map((song) => (
        <li key={song.id}>
          <div className={styles.compactMain}>
            <span className={styles.compactArtist}>
              <ArtistLinks song={song} />
            </span>
            <Link to={PAGES.song.path({ id: song.id })} className={styles.compactTitle} dir="auto">
              {song.title}
            </Link>
            <span className="muted">
              {formatLength(song.length)} · {songStatusText(song)}
            </span>
          </div>
          <div className={styles.compactActions}>
            <VoteControl
              songId={song.id}
              title={song.title}
              avgVote={song.avg_vote}
              ownVote={votes[String(song.id)]}
              loggedIn={loggedIn}
              onVote={onVote}
            />
            {loggedIn && (
              <FavoriteToggle
                song={song}
                favorited={favoriteIds.has(song.id)}
                onToggle={onFavorite}
                label={`Favorite: ${song.title}`}
              />
            )}
            <RequestButton song={song} onRequest={onRequest} />
          </div>
        </li>
      ))}
    </ul>
  );
}
