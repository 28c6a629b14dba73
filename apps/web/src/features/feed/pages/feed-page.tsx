import { useEffect } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLoadNearBottom } from '../../../lib/load-near-bottom';
import { useDjLabel } from '../../../lib/playback';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { notify } from '../../../lib/toast';
import { useFeed } from '../api/get-feed';
import { FeedLine } from '../components/feed-line';
import styles from '../feed.module.css';

const AGE_TICK_MS = 10_000;

/**
 * The station's activity: plays with their requester, requests, comments and new songs,
 * newest first. New items arrive live at the top; older ones load on scrolling down.
 */
export default function FeedPage() {
  useDocumentTitle('Feed');
  const feed = useFeed();
  const now = useTicking(serverNow, AGE_TICK_MS);
  const djLabel = useDjLabel();
  const items = feed.data?.pages.flatMap((page) => page.items) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage, isError } = feed;
  const canLoad = hasNextPage && !isFetchingNextPage;

  useEffect(() => {
    if (isError) notify.error('Failed to load the feed.');
  }, [isError]);

  useLoadNearBottom(canLoad && !isFetchNextPageError, fetchNextPage, items.length);

  return (
    <section className="feed">
      <h1>Feed</h1>
      <p className="muted">What happens at the station, as it happens.</p>
      {feed.isPending ? (
        <p className="muted">Loading...</p>
      ) : items.length === 0 && !isError ? (
        <p className="muted">Nothing has happened yet.</p>
      ) : (
        <ul className={styles.feedList} aria-label="Station feed">
          {items.map((item) => (
            <FeedLine key={item.key} item={item} now={now} djLabel={djLabel} />
          ))}
        </ul>
      )}
      {isFetchingNextPage ? (
        <p className="muted">Loading...</p>
      ) : hasNextPage || isError ? (
        <button
          type="button"
          onClick={() => void (isError && !hasNextPage ? feed.refetch() : fetchNextPage())}
        >
          Load more
        </button>
      ) : (
        !feed.isPending && items.length > 0 && <p className="muted">That's everything.</p>
      )}
    </section>
  );
}
