import { PAGES, type DetailSong } from '@queuecast/contract';
import { Link } from 'react-router';
import { statusText } from '../song-status';
import { cx } from '../../../components/ui/cx';
import styles from '../staff.module.css';

/** The song a file is for: title (to its page), artist, platform and status. */
export function SongSummary({ song }: { song: DetailSong }) {
  return (
    <dl className={cx(styles.songSummary, 'song-summary')}>
      <dt>Title</dt>
      <dd>
        <Link to={PAGES.song.path({ id: song.id })}>{song.title}</Link>
      </dd>
      <dt>Artist</dt>
      <dd>{song.artist ?? 'Unknown'}</dd>
      <dt>Platform</dt>
      <dd>{song.platform ?? 'Unknown'}</dd>
      <dt>Status</dt>
      <dd data-testid="song-status">{statusText(song.status)}</dd>
      {song.filename && (
        <>
          <dt>File</dt>
          <dd>{song.filename}</dd>
        </>
      )}
    </dl>
  );
}
