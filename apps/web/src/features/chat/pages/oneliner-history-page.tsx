import { useEffect } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useOnelinerHistory } from '../api/get-oneliner-history';
import { useChatNow } from '../chat-clock';
import { ChatLine } from '../components/chat-line';

/** The next page loads once the listener is this close to the bottom. */
const SCROLL_THRESHOLD_PX = 10;

const nearBottom = () =>
  window.innerHeight + window.scrollY >=
  document.documentElement.scrollHeight - SCROLL_THRESHOLD_PX;

export default function OnelinerHistoryPage() {
  useDocumentTitle('Oneliner history');
  const history = useOnelinerHistory();
  const now = useChatNow();
  const messages = history.data?.pages.flatMap((page) => page.messages) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history;
  const canLoad = hasNextPage && !isFetchingNextPage;

  // Scrolling near the bottom loads the next page; so does a page too short to scroll. A failed
  // page waits for the 'Load more' button, so an outage does not loop.
  useEffect(() => {
    if (!canLoad || isFetchNextPageError) return;
    const check = () => {
      if (nearBottom()) void fetchNextPage();
    };
    check();
    window.addEventListener('scroll', check, { passive: true });
    return () => window.removeEventListener('scroll', check);
  }, [canLoad, isFetchNextPageError, fetchNextPage, messages.length]);

  return (
    <section className="oneliner-history">
      <h1>Oneliner history</h1>
      {history.isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        messages.length > 0 && (
          <ul className="chat-list" aria-label="Oneliner history">
            {messages.map((message) => (
              <ChatLine key={message.id} message={message} now={now} />
            ))}
          </ul>
        )
      )}
      {isFetchingNextPage ? (
        <p className="muted">Loading...</p>
      ) : hasNextPage || history.isError ? (
        <button
          type="button"
          onClick={() =>
            void (history.isError && !hasNextPage ? history.refetch() : fetchNextPage())
          }
        >
          Load more
        </button>
      ) : (
        !history.isPending && <p className="muted">No more messages.</p>
      )}
    </section>
  );
}
