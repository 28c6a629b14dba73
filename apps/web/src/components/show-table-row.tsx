import { memo } from 'react';
import { formatLength } from '../lib/format';
import { playTimeText } from './play-time';
import type { ShowRow } from './table-song';
import { Badge } from './ui/badge';
import { cx } from './ui/cx';
import { numClass } from './ui/table';
import { UserLink } from './user-link';
import styles from './song-table.module.css';

/**
 * A live show as a row of the queue page's table: LIVE (or "Live show" once it ended) and the
 * show's name, the titles its DJ played, its length once it ended, its time, and its DJ as the
 * requester. The cells of the song controls (rating, favourite, request) stay empty.
 */
export const ShowTableRow = memo(function ShowTableRow({
  row,
  cols,
  now,
}: {
  row: ShowRow;
  cols: { playTime: boolean; requestedBy: boolean; favorites: boolean; request: boolean };
  now: number;
}) {
  const { show, onAir } = row;
  const length = 'ended_at' in show ? show.ended_at - show.started_at : null;
  const titles = show.titles.map((t) => t.title);
  return (
    <tr
      className={cx(styles.showRow, 'show-row', onAir && styles.nowRow, onAir && 'now-row')}
      data-testid="show-row"
    >
      <td data-col="artist">
        {onAir ? (
          <Badge kind="live" on>
            LIVE
          </Badge>
        ) : (
          <Badge kind="tag">Live show</Badge>
        )}
      </td>
      <td data-col="title">
        <bdi className={styles.showName} title={show.show}>
          {show.show}
        </bdi>
        {titles.length > 0 && (
          <ul className={styles.showTitles} aria-label={`Played in ${show.show}`}>
            {titles.map((title, i) => (
              <li key={i} dir="auto">
                {title}
              </li>
            ))}
          </ul>
        )}
      </td>
      <td className={numClass} data-col="length">
        {length === null ? '' : formatLength(length)}
      </td>
      {cols.playTime && (
        <td data-col="time">
          {playTimeText(
            onAir
              ? { source: 'now' }
              : { source: 'history', start_time: show.started_at, played_at: show.started_at },
            now,
          )}
        </td>
      )}
      {cols.requestedBy && (
        <td data-col="by">
          <UserLink username={show.dj} />
        </td>
      )}
      <td data-col="rating" />
      {cols.favorites && <td data-col="fav" />}
      {cols.request && <td data-col="request" />}
    </tr>
  );
});
