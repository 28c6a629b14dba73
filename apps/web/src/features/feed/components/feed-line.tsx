import { PAGES, type FeedItem } from '@queuecast/contract';
import { Link } from 'react-router';
import { formatDateTime, isoTime } from '../../../lib/format';
import { feedAge, feedWords, songName } from '../feed-text';

const ICONS: Record<FeedItem['kind'], string> = {
  played: '▶',
  requested: '＋',
  comment: '💬',
  new_song: '★',
};

/** One thing that happened; every piece of user text is rendered as text. */
export function FeedLine({ item, now, djLabel }: { item: FeedItem; now: number; djLabel: string }) {
  const { before, after } = feedWords(item, djLabel);
  return (
    <li className={`feed-line feed-${item.kind}`}>
      <span className="feed-icon" aria-hidden="true">
        {ICONS[item.kind]}
      </span>
      <span className="feed-what">
        {before}
        <Link to={PAGES.song.path({ id: item.song.id })}>{songName(item.song)}</Link>
        {after}
        {item.text !== undefined && <q className="feed-comment">{item.text}</q>}
      </span>
      <time className="muted" dateTime={isoTime(item.at)} title={formatDateTime(item.at)}>
        {feedAge(item.at, now)}
      </time>
    </li>
  );
}
