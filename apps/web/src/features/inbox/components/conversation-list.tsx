import { PAGES, type Conversation } from '@queuecast/contract';
import { Link } from 'react-router';
import { formatDateTime, isoTime } from '../../../lib/format';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { badgeText } from '../badge-text';
import { relativeTime } from '../message-text';

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
    <ul className="inbox-conversations" aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.id}>
          <Link
            to={PAGES.inbox.path({ with: c.id })}
            aria-current={c.id === selectedId ? 'page' : undefined}
            className={c.unread_count > 0 ? 'inbox-conversation unread' : 'inbox-conversation'}
          >
            <span className="inbox-conversation-name" dir="auto">
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
              <span className="badge" aria-label={`${c.unread_count} unread`}>
                {badgeText(c.unread_count)}
              </span>
            )}
          </Link>
        </li>
      ))}
    </ul>
  );
}
