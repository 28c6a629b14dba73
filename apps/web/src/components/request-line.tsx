import { PAGES, type LiveLineItem } from '@queuecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useLiveLine } from '../api/get-live-line';
import { liveLineKey } from '../api/live-line';
import { formatClockTime, isoTime } from '../lib/format';
import { UserLink } from './user-link';
import { Card } from './ui/card';
import styles from './request-line.module.css';

/**
 * The request line of the DJ on air: listeners' requests (they play after the show) and
 * dedications, newest first, arriving live. `sessionId` is the show on air (null: none); the
 * line loads again when it changes, so a new show starts with its own line.
 */
export function RequestLine({ userId, sessionId }: { userId: number; sessionId: number | null }) {
  const queryClient = useQueryClient();
  const line = useLiveLine(userId);
  const seen = useRef(sessionId);
  useEffect(() => {
    if (seen.current === sessionId) return;
    seen.current = sessionId;
    void queryClient.invalidateQueries({ queryKey: liveLineKey(userId) });
  }, [queryClient, sessionId, userId]);
  return (
    <Card title="Request line" titleId="request-line-title" data-testid="request-line">
      {line.isPending ? (
        <p className="muted">Loading...</p>
      ) : line.isError ? (
        <p className="muted">The request line could not be loaded.</p>
      ) : !line.data.on_air ? (
        <p className="muted">Your request line opens when you are on air.</p>
      ) : line.data.items.length === 0 ? (
        <p className="muted">No requests or dedications yet.</p>
      ) : (
        <ul className={styles.list} aria-live="polite">
          {line.data.items.map((item) => (
            <LineItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function LineItem({ item }: { item: LiveLineItem }) {
  return (
    <li className={styles.item}>
      <span className={styles.head}>
        <span className={styles.kind}>{item.kind === 'request' ? 'Request' : 'Dedication'}</span>{' '}
        from <UserLink username={item.from} />{' '}
        <time className="muted" dateTime={isoTime(item.created_at)}>
          {formatClockTime(item.created_at)}
        </time>
      </span>
      {item.song && (
        <Link to={PAGES.song.path({ id: item.song.id })} className={styles.song} dir="auto">
          {item.song.artist ? `${item.song.artist} - ${item.song.title}` : item.song.title}
        </Link>
      )}
      {item.message && (
        <span className={styles.message} dir="auto">
          {item.message}
        </span>
      )}
    </li>
  );
}
