import type { PrivateMessage } from '@queuecast/contract';
import { useState } from 'react';
import { formatDateTime, isoTime } from '../../../lib/format';
import { isTruncated, truncateMessage } from '../message-text';
import { cx } from '../../../components/ui/cx';
import styles from '../inbox.module.css';

/**
 * One message of a thread. Own messages sit on the other side and carry a tick: ✓ sent,
 * ✓✓ read. Longer messages show 64 characters and '...' until clicked. Text only, never HTML.
 */
export function MessageItem({ message, own }: { message: PrivateMessage; own: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const long = isTruncated(message.message);
  const read = message.read_timestamp !== null;
  return (
    <li className={cx(styles.inboxMessage, own && styles.own)}>
      {long && !expanded ? (
        <button
          type="button"
          className={cx(styles.inboxMessageText, 'truncated')}
          dir="auto"
          aria-expanded={false}
          title="Show the whole message"
          onClick={() => setExpanded(true)}
        >
          {truncateMessage(message.message)}
        </button>
      ) : (
        <p className={styles.inboxMessageText} dir="auto">
          {message.message}
        </p>
      )}
      <span className={styles.inboxMessageMeta}>
        <time dateTime={isoTime(message.sent_timestamp)}>
          {formatDateTime(message.sent_timestamp)}
        </time>
        {own && (
          <span
            role="img"
            className={cx(styles.inboxTick, read && styles.read)}
            aria-label={read ? 'Read' : 'Sent'}
            title={read ? `Read ${formatDateTime(message.read_timestamp!)}` : 'Sent'}
          >
            {read ? '✓✓' : '✓'}
          </span>
        )}
      </span>
    </li>
  );
}
