import { PAGES, type QueueSong } from '@queuecast/contract';
import { Link } from 'react-router';
import { ArtistLinks } from '../../../components/artist-links';
import { UserLink } from '../../../components/user-link';
import { formatLength } from '../../../lib/format';
import { useDjLabel } from '../../../lib/playback';

/** The one song row of the now-playing panel: title, artists, length and requester. */
export function NowPlayingSong({ song }: { song: QueueSong }) {
  const djLabel = useDjLabel();
  return (
    <div className="now-playing-song" data-testid="now-playing-song">
      <Link to={PAGES.song.path({ id: song.id })} className="now-playing-title" dir="auto">
        {song.title}
      </Link>
      <span className="now-playing-artist">
        <ArtistLinks song={song} />
      </span>
      <span className="muted">
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
