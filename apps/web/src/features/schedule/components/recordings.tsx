import type { Recording } from '@queuecast/contract';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { formatDateTime, formatLength } from '../../../lib/format';
import { useRecordings } from '../api/get-recordings';
import { SHOW_PAGE } from '../schedule-route';
import styles from '../schedule.module.css';

/** One recording: the show, its DJ and date, a player (loaded on Play) and a download link. */
function RecordingItem({ recording }: { recording: Recording }) {
  return (
    <li className={styles.recording} data-testid="recording">
      <p className={styles['slot-head']}>
        {recording.show_id === null ? (
          <bdi className={styles.title} dir="auto">
            {recording.show}
          </bdi>
        ) : (
          <Link to={SHOW_PAGE.path({ id: recording.show_id })} className={styles.title} dir="auto">
            {recording.show}
          </Link>
        )}
        <span className="muted">
          with <Link to={`/user/${encodeURIComponent(recording.dj)}`}>{recording.dj}</Link>
        </span>
      </p>
      <p className={styles['slot-line']}>
        {formatDateTime(recording.started_at)} · {formatLength(recording.seconds)}
        {recording.titles.length > 0 &&
          ` · ${recording.titles.length} title${recording.titles.length === 1 ? '' : 's'}`}
      </p>
      {recording.titles.length > 0 && (
        <ol className={styles.chapters}>
          {recording.titles.map((t) => (
            <li key={`${t.at}-${t.title}`}>
              <span className="muted">
                {formatLength(Math.max(0, t.at - recording.started_at))}
              </span>{' '}
              <bdi dir="auto">{t.title}</bdi>
            </li>
          ))}
        </ol>
      )}
      <audio controls preload="none" src={recording.url} className={styles.player}>
        <a href={recording.url}>Play the recording</a>
      </audio>
      <a href={`${recording.url}?download=1`} download>
        Download MP3
      </a>
    </li>
  );
}

/**
 * The recordings of past live shows, as broadcast, to play or download: every show's, or the
 * planned show `show`'s.
 */
export function Recordings({ show }: { show?: number } = {}) {
  const { data, isPending, isError } = useRecordings(show);
  return (
    <Card title="Recordings" titleId="recordings-title">
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : isError ? (
        <p className="muted">Could not load the recordings.</p>
      ) : data.recordings.length === 0 ? (
        <p className="muted">
          {show === undefined
            ? 'No live show has been recorded yet.'
            : 'This show has no recordings yet.'}
        </p>
      ) : (
        <ul className={styles.recordings}>
          {data.recordings.map((r) => (
            <RecordingItem key={r.session_id} recording={r} />
          ))}
        </ul>
      )}
    </Card>
  );
}
