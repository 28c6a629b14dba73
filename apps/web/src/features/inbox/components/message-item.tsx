import type { PrivateMessage } from '@queuecast/contract';
import { useState } from 'react';
import { formatDateTime, isoTime } from '../../../lib/format';
import { isTruncated, truncateMessage } from '../message-text';

/**
 * One message of a thread. Own messages sit on the other side and carry a tick: ✓ sent,
 * ✓✓ read. Longer messages show 64 characters and '...' until clicked. Text only, never HTML.
 */
export function MessageItem({ message, own }: { message: PrivateMessage; own: boolean }) {
  const [expanded, setExpanded] = useState(false);
  const long = isTruncated(message.message);
  const read = message.read_timestamp !== null;
  return (
    <li className={own ? 'inbox-message own' : 'inbox-message'}>
      {long && !expanded ? (
        <button
          type="button"
          className="inbox-message-text truncated"
          dir="auto"
          aria-expanded={false}
          title="Show the whole message"
          onClick={() => setExpanded(true)}
        >
          {truncateMessage(message.message)}
        </button>
      ) : (
        <p className="inbox-message-text" dir="auto">
          {message.message}
        </p>
      )}
      <span className="inbox-message-meta">
        <time dateTime={isoTime(message.sent_timestamp)}>
          {formatDateTime(message.sent_timestamp)}
        </time>
        {own && (
          <span
            role="img"
            className={read ? 'inbox-tick read' : 'inbox-tick'}
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
