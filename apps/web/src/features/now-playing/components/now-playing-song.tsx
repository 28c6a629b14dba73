import { PAGES, type QueueSong } from '@queuecast/contract';
import { Link } from 'react-router';
import { ArtistLinks } from '../../../components/artist-links';
import { UserLink } from '../../../components/user-link';
import { cx } from '../../../components/ui/cx';
import { formatLength } from '../../../lib/format';
import { useDjLabel } from '../../../lib/playback';
import styles from './now-playing.module.css';

/** The one song row of the now-playing panel: title, artists, length and requester. */
export function NowPlayingSong({ song }: { song: QueueSong }) {
  const djLabel = useDjLabel();
  return (
    <div className={styles.songRows} data-testid="now-playing-song">
      <Link
        to={PAGES.song.path({ id: song.id })}
        className={styles.title}
        dir="auto"
        title={song.title}
        data-testid="now-playing-title"
      >
        {song.title}
      </Link>
      <span className={styles.artist}>
        <ArtistLinks song={song} />
      </span>
      <span className={cx('muted', styles.meta)}>
        {formatLength(song.length)} ·{' '}
        {song.requested_by_username ? (
          <UserLink username={song.requested_by_username} />
        ) : (
          <bdi>{djLabel}</bdi>
        )}
      </span>
    </div>
  );
}
