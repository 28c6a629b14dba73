import { formatClockTime, isoTime } from '../lib/format';
import { playTimeText } from './play-time';
import { UserLink } from './user-link';
import type { TableSong } from './table-song';
import { cx } from './ui/cx';
import styles from './queue-cells.module.css';

/**
 * The queue page's Play Time cell: for a waiting request its place in the queue and the local
 * time it is expected to start (from the lengths ahead, as the station will play them), beside
 * the spec's "in N mins"; for the station's own next pick "Up next" and that time; for the song
 * on air and played songs the plain text.
 */
export function PlayTimeCell({ song, now }: { song: TableSong; now: number }) {
  const text = playTimeText(song, now);
  if (song.source !== 'upcoming' || song.start_time === undefined) return <>{text}</>;
  const eta = (
    <time
      className={cx(styles.eta, 'eta')}
      dateTime={isoTime(song.start_time)}
      title="Expected start"
    >
      {formatClockTime(song.start_time)}
    </time>
  );
  if (song.up_next) {
    return (
      <>
        <span className={cx(styles.upNext, 'up-next')}>{text}</span> {eta}
      </>
    );
  }
  return (
    <>
      {song.position !== undefined && (
        <span className={cx(styles.queuePos, 'queue-pos')} aria-label={`Position ${song.position}`}>
          #{song.position}
        </span>
      )}{' '}
      {text} {eta}
    </>
  );
}

/**
 * The Requested By cell: the listener who asked for the song, or the station's DJ label for
 * its own picks; the signed-in listener's own requests say so.
 */
export function RequestedByCell({
  song,
  djLabel,
  own,
}: {
  song: TableSong;
  djLabel: string;
  own: boolean;
}) {
  if (!song.requested_by_username) return <span className="dj-pick">{djLabel}</span>;
  return (
    <>
      <UserLink username={song.requested_by_username} />
      {own && <span className={styles.ownBadge}> (you)</span>}
    </>
  );
}
