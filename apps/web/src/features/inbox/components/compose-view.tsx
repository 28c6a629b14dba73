import type { UserRef } from '@queuecast/contract';
import { useState } from 'react';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { canSearchUsers, SEARCH_DEBOUNCE_MS, useUserSearch } from '../api/search-users';
import { useSendMessage } from '../api/send-message';
import { ReplyBox } from './reply-box';
import { cx } from '../../../components/ui/cx';
import styles from '../inbox.module.css';
import { fieldErrorClass } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';

/**
 * A new message: find the recipient (search debounced 300 ms, up to 10 users), then write.
 * `onSent` opens the thread once the first message went out.
 */
export function ComposeView({
  userId,
  onSent,
  onBack,
}: {
  userId: number;
  onSent: (partner: UserRef) => void;
  onBack: () => void;
}) {
  const [term, setTerm] = useState('');
  const [to, setTo] = useState<UserRef | null>(null);
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);
  const search = useUserSearch(debounced);
  const send = useSendMessage(userId);

  const onSend = async (text: string) => {
    if (!to) return false;
    try {
      await send.mutateAsync({ to_uid: to.id, message: text });
      onSent(to);
      return true;
    } catch {
      return false;
    }
  };

  return (
    <section
      className={cx(styles.inboxThread, 'inbox-compose')}
      aria-labelledby="inbox-compose-title"
    >
      <header className={styles.inboxThreadHeader}>
        <button type="button" className={styles.inboxBack} onClick={onBack}>
          Back
        </button>
        <h2 id="inbox-compose-title">New Message</h2>
      </header>
      {to ? (
        <>
          <p className={styles.inboxTo}>
            To: <strong>{to.username}</strong>{' '}
            <Button variant="link" onClick={() => setTo(null)}>
              Change
            </Button>
          </p>
          <ReplyBox
            label={`Message to ${to.username}`}
            sending={send.isPending}
            onSend={onSend}
            autoFocus
          />
        </>
      ) : (
        <div className="inbox-search">
          <label htmlFor="inbox-user-search">To</label>
          <input
            id="inbox-user-search"
            type="search"
            autoComplete="off"
            placeholder="Search users..."
            value={term}
            autoFocus
            onChange={(e) => setTerm(e.target.value)}
          />
          {!canSearchUsers(debounced) ? (
            <p className="muted">Type at least 2 characters of a username.</p>
          ) : search.isError ? (
            <p className={fieldErrorClass} role="alert">
              Failed to search users
            </p>
          ) : search.isPending ? (
            <p className="muted">Searching...</p>
          ) : search.data.length === 0 ? (
            <p className="muted">No users found.</p>
          ) : (
            <ul className={styles.inboxSearchResults} aria-label="Users">
              {search.data.map((user) => (
                <li key={user.id}>
                  <Button variant="link" onClick={() => setTo(user)}>
                    {user.username}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
