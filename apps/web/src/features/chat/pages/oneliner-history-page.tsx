import { isStaff } from '@queuecast/contract';
import { lazy, Suspense, useMemo } from 'react';
import { useDocumentTitle } from '../../../lib/document-title';
import { useLoadNearBottom } from '../../../lib/load-near-bottom';
import { useSession } from '../../../lib/session';
import { useOnelinerHistory } from '../api/get-oneliner-history';
import { useChatNow } from '../chat-clock';
import { ChatLine, type ChatReader } from '../components/chat-line';
import styles from '../chat.module.css';

/** Chat settings and, for admins, the moderation log: staff only, so a chunk of their own. */
const ModerationTools = lazy(() => import('../components/moderation-tools'));

export default function OnelinerHistoryPage() {
  useDocumentTitle('Oneliner history');
  const history = useOnelinerHistory();
  const now = useChatNow();
  const session = useSession();
  const staff = isStaff(session?.user.role);
  const reader = useMemo<ChatReader>(
    () => ({ staff: isStaff(session?.user.role), userId: session?.user.id }),
    [session],
  );
  const messages = history.data?.pages.flatMap((page) => page.messages) ?? [];
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = history;
  const canLoad = hasNextPage && !isFetchingNextPage;

  useLoadNearBottom(canLoad && !isFetchNextPageError, fetchNextPage, messages.length);

  return (
    <section className="oneliner-history">
      <h1>Oneliner history</h1>
      {staff && (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <ModerationTools admin={session?.user.role === 'admin'} />
        </Suspense>
      )}
      {history.isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        messages.length > 0 && (
          <ul className={styles.chatList} aria-label="Oneliner history">
            {messages.map((message) => (
              <ChatLine key={message.id} message={message} now={now} reader={reader} />
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
