import { PAGES, type Conversation } from '@queuecast/contract';
import { Link } from 'react-router';
import { formatDateTime, isoTime } from '../../../lib/format';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { badgeText } from '../badge-text';
import { relativeTime } from '../message-text';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import styles from '../inbox.module.css';

/** The relative times are re-read every 30 s. */
const AGE_TICK_MS = 30_000;
const readNow = () => serverNow();

/** The partners, latest first: name, how long ago, and their unread messages. */
export function ConversationList({
  conversations,
  selectedId,
}: {
  conversations: Conversation[];
  selectedId: number | undefined;
}) {
  const now = useTicking(readNow, AGE_TICK_MS);
  return (
    <ul className={styles.inboxConversations} aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            to={PAGES.inbox.path({ with: c.id })}
            aria-current={c.id === selectedId ? 'page' : undefined}
            className={cx(styles.inboxConversation, c.unread_count > 0 && styles.unread)}
          >
            <span className={styles.inboxConversationName} dir="auto">
              {c.username}
            </span>
            <time
              className="muted"
              dateTime={isoTime(c.last_message_time)}
              title={formatDateTime(c.last_message_time)}
            >
              {relativeTime(c.last_message_time, now)}
            </time>
            {c.unread_count > 0 && (
              <Badge
                kind="count"
                className={cx('badge', styles.count)}
                aria-label={`${c.unread_count} unread`}
              >
                {badgeText(c.unread_count)}
              </Badge>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
