import type { ReactNode } from 'react';
import { formatDateTime, isoTime } from '../lib/format';
import { UserLink } from './user-link';
import { cx } from './ui/cx';
import styles from './comment-item.module.css';

/** One comment: optional context (e.g. its song), author, time and the text as plain text. */
export function CommentItem(props: {
  context?: ReactNode;
  username: string;
  createdAt: number;
  comment: string;
}) {
  return (
    <li>
      <div className="comment-meta">
        {props.context}
        <strong>
          <UserLink username={props.username} />
        </strong>{' '}
        <time dateTime={isoTime(props.createdAt)} className="muted">
          {formatDateTime(props.createdAt)}
        </time>
      </div>
      <p className={cx(styles.commentText, 'comment-text')} dir="auto">
        {props.comment}
      </p>
    </li>
  );
}

/** The look of a list of CommentItems (the song page's comments, the queue page's recent ones). */
export const commentListClass = styles.commentList;
