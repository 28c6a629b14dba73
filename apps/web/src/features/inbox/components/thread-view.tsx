import type { UserRef } from '@queuecast/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useMarkRead } from '../api/mark-read';
import { useSendMessage } from '../api/send-message';
import { useThread } from '../api/get-thread';
import { BlockToggle } from '../../../components/block-toggle';
import { UserLink } from '../../../components/user-link';
import { threadMessages } from '../inbox-cache';
import { MessageItem } from './message-item';
import { ReplyBox } from './reply-box';
import styles from '../inbox.module.css';
import { fieldErrorClass } from '../../../components/ui/field';

/**
 * The thread with one partner: oldest first, 'Load older' while the server has more, the reply
 * box below. Whatever the partner sent that is unread is marked read while it is on screen.
 */
export function ThreadView({
  userId,
  partner,
  onBack,
}: {
  userId: number;
  /** `known`: the name is the partner's (not a stand-in while it is not known yet). */
  partner: UserRef & { known: boolean };
  onBack: () => void;
}) {
  const thread = useThread(userId, partner.id);
  const messages = threadMessages(thread.data);
  const send = useSendMessage(userId);
  const markRead = useMarkRead(userId, partner.id);

  // Mark the partner's unread messages read: on opening, and as new ones arrive live.
  const unread = messages
    .filter((m) => m.to_uid === userId && m.from_uid === partner.id && m.read_timestamp === null)
    .map((m) => m.id);
  const unreadKey = unread.join(',');
  const marking = useRef(new Set<number>());
  const { mutate: mark } = markRead;
  useEffect(() => {
    const ids = unreadKey ? unreadKey.split(',').map(Number) : [];
    const fresh = ids.filter((id) => !marking.current.has(id));
    if (fresh.length === 0) return;
    fresh.forEach((id) => marking.current.add(id));
    mark(fresh);
  }, [unreadKey, mark]);

  // Keep the newest message in view when one arrives (not when older ones are loaded above).
  const list = useRef<HTMLOListElement>(null);
  const lastId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId]);

  const onSend = async (text: string) => {
    try {
      await send.mutateAsync({ to_uid: partner.id, message: text });
      return true;
    } catch {
      return false;
    }
  };

  return (
    <section className={styles.inboxThread} aria-labelledby="inbox-thread-title">
      <header className={styles.inboxThreadHeader}>
        <button type="button" className={styles.inboxBack} onClick={onBack}>
          Back
        </button>
        <h2 id="inbox-thread-title">
          {partner.known ? <UserLink username={partner.username} /> : partner.username}
        </h2>
        <BlockToggle userId={userId} partner={partner} />
      </header>
      {thread.isPending ? (
        <p className="muted">Loading messages...</p>
      ) : thread.isError ? (
        <p className={fieldErrorClass} role="alert">
          Failed to load messages
        </p>
      ) : (
        <>
          {thread.hasPreviousPage && (
            <button
              type="button"
              className={styles.inboxOlder}
              disabled={thread.isFetchingPreviousPage}
              onClick={() => void thread.fetchPreviousPage()}
            >
              {thread.isFetchingPreviousPage ? 'Loading...' : 'Load older'}
            </button>
          )}
          {thread.isFetchPreviousPageError && (
            <p className={fieldErrorClass} role="alert">
              Failed to load messages
            </p>
          )}
          {messages.length === 0 ? (
            <p className="muted">No messages yet. Say hello!</p>
          ) : (
            <ol
              ref={list}
              className={styles.inboxMessages}
              aria-label={`Messages with ${partner.username}`}
            >
              {messages.map((m) => (
                <MessageItem key={m.id} message={m} own={m.from_uid === userId} />
              ))}
            </ol>
          )}
        </>
      )}
      <ReplyBox label={`Message to ${partner.username}`} sending={send.isPending} onSend={onSend} />
    </section>
  );
}
