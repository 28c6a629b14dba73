import { PAGES, type FeedItem } from '@queuecast/contract';
import { Link } from 'react-router';
import { UserLink } from '../../../components/user-link';
import { formatDateTime, isoTime } from '../../../lib/format';
import { feedAge, feedParts, songName } from '../feed-text';
import styles from '../feed.module.css';

const ICONS: Record<FeedItem['kind'], string> = {
  played: '▶',
  requested: '＋',
  comment: '💬',
  new_song: '★',
};

/** One thing that happened; every piece of user text is rendered as text. */
export function FeedLine({ item, now, djLabel }: { item: FeedItem; now: number; djLabel: string }) {
  const parts = feedParts(item, djLabel);
  return (
    <li className={styles.feedLine} data-kind={item.kind}>
      <span className={styles.feedIcon} aria-hidden="true">
        {ICONS[item.kind]}
      </span>
      <span className="feed-what">
        {parts.map((part, i) =>
          typeof part === 'string' ? (
            part
          ) : 'user' in part ? (
            <UserLink key={i} username={part.user} />
          ) : (
            <Link key={i} to={PAGES.song.path({ id: item.song.id })} dir="auto">
              {songName(item.song)}
            </Link>
          ),
        )}
        {item.text !== undefined && <q className={styles.feedComment}>{item.text}</q>}
      </span>
      <time className="muted" dateTime={isoTime(item.at)} title={formatDateTime(item.at)}>
        {feedAge(item.at, now)}
      </time>
    </li>
  );
}
