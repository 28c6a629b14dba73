import { PAGES, type MissingSong } from '@queuecast/contract';
import { Link } from 'react-router';
import { statusText } from '../song-status';
import { cx } from '../../../components/ui/cx';
import styles from '../missing-songs.module.css';

/**
 * The songs without a file, with links to upload one or to open the song. On a phone each row
 * becomes a card whose cells carry their column's name.
 */
export function MissingSongsTable({ songs }: { songs: MissingSong[] }) {
  return (
    <table className={cx(styles.missingSongsTable, 'missing-songs-table')}>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Artist</th>
          <th scope="col">Platform</th>
          <th scope="col">Status</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {songs.map((song) => (
          <tr key={song.id}>
            <td data-label="Title" className={cx(styles.missingTitle, 'missing-title')}>
              {song.title}
            </td>
            <td data-label="Artist">{song.artist_name ?? 'Unknown'}</td>
            <td data-label="Platform">{song.platform ?? 'Unknown'}</td>
            <td data-label="Status">{statusText(song.status)}</td>
            <td data-label="Actions" className={styles.missingActions}>
              <span>
                <Link
                  to={PAGES.uploadSong.path({ songId: song.id })}
                  aria-label={`Upload File for ${song.title}`}
                >
                  Upload File
                </Link>
                <Link to={PAGES.song.path({ id: song.id })} aria-label={`View Song ${song.title}`}>
                  View Song
                </Link>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
