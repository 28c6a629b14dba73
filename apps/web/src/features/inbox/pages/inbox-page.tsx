import { PAGES, type UserRef } from '@queuecast/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useConversations } from '../api/get-conversations';
import { ComposeView } from '../components/compose-view';
import { ConversationList } from '../components/conversation-list';
import { ThreadView } from '../components/thread-view';
import { inboxKeys, threadMessages, type ThreadData } from '../inbox-cache';
import { cx } from '../../../components/ui/cx';
import styles from '../inbox.module.css';
import { fieldErrorClass } from '../../../components/ui/field';

/**
 * `?with=<user id>` opens that thread; `?new=1` is compose mode. A page that links here for a
 * new conversation (a person's page) names the partner in the navigation's state, which a link
 * from elsewhere cannot set.
 */
function parsePartner(value: string | null): number | undefined {
  const id = Number(value);
  return value !== null && Number.isInteger(id) && id > 0 ? id : undefined;
}

export default function InboxPage() {
  useDocumentTitle('Inbox');
  const session = useSession();
  useEffect(() => {
    if (!session) notify.error('Please log in to see your inbox.');
  }, [session]);
  if (!session) return <Navigate to={PAGES.login.path()} replace />;
  return <Inbox userId={session.user.id} />;
}

/**
 * The conversation list beside the open thread (or the new message form); on a phone one pane
 * at a time, with a Back button from the thread to the list.
 */
function Inbox({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const state = useLocation().state as { partner?: UserRef } | null;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const conversations = useConversations(userId);
  const partnerId = parsePartner(params.get('with'));
  const composing = partnerId === undefined && params.get('new') !== null;
  const detail = partnerId !== undefined || composing;

  const partner = ((): (UserRef & { known: boolean }) | undefined => {
    if (partnerId === undefined) return undefined;
    const listed = conversations.data?.find((c) => c.id === partnerId);
    if (listed) return { id: listed.id, username: listed.username, known: true };
    const thread = queryClient.getQueryData<ThreadData>(inboxKeys.thread(userId, partnerId));
    const theirs = threadMessages(thread).find((m) => m.from_uid === partnerId);
    const named = state?.partner?.id === partnerId ? state.partner.username : undefined;
    const username = theirs?.from_username ?? named;
    return username !== undefined
      ? { id: partnerId, username, known: true }
      : { id: partnerId, username: `User #${partnerId}`, known: false };
  })();

  const toList = () => void navigate(PAGES.inbox.path());
  const opened = (to: UserRef) => {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.conversations(userId) });
    void navigate(PAGES.inbox.path({ with: to.id }));
  };

  return (
    <section className={cx(styles.inbox, detail && styles.hasDetail)} aria-labelledby="inbox-title">
      <div className={styles.inboxListPane}>
        <div className={styles.inboxListHeader}>
          <h1 id="inbox-title">Inbox</h1>
          <button type="button" onClick={() => void navigate(PAGES.inbox.path({ new: 1 }))}>
            New Message
          </button>
        </div>
        {conversations.isPending ? (
          <p className="muted">Loading conversations...</p>
        ) : conversations.isError ? (
          <p className={fieldErrorClass} role="alert">
            Failed to load conversations
          </p>
        ) : conversations.data.length === 0 ? (
          <p className="muted">No conversations yet.</p>
        ) : (
          <ConversationList conversations={conversations.data} selectedId={partnerId} />
        )}
      </div>
      <div className={styles.inboxDetailPane}>
        {partner ? (
          <ThreadView key={partner.id} userId={userId} partner={partner} onBack={toList} />
        ) : composing ? (
          <ComposeView userId={userId} onSent={opened} onBack={toList} />
        ) : (
          <p className="muted inbox-placeholder">
            Choose a conversation, or start one with New Message.
          </p>
        )}
      </div>
    </section>
  );
}
