import { PAGES, type ReviewItem } from '@queuecast/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, formatLength, isoTime } from '../../../lib/format';
import { reviewKindText, waitingText, type ReviewAction } from '../review-text';
import styles from '../staff.module.css';
import { Badge } from '../../../components/ui/badge';

/** How long 'Confirm reject' waits for the second click before it turns back into 'Reject'. */
const CONFIRM_MS = 5000;

/**
 * One song waiting for staff: what it is, who added it, the waiting file, and Approve or
 * Reject (which asks for a second click: a rejected new song is deleted with its file).
 */
export function ReviewEntry({
  item,
  now,
  onDecide,
}: {
  item: ReviewItem;
  now: number;
  onDecide: (item: ReviewItem, action: ReviewAction) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const titleId = `review-${item.song_id}`;

  useEffect(() => {
    if (!confirming) return;
    const timer = setTimeout(() => setConfirming(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [confirming]);

  return (
    <li className={styles.reviewEntry} aria-labelledby={titleId}>
      <div className={styles.reviewMain}>
        <h2 id={titleId} className={styles.reviewTitle}>
          <Link to={PAGES.song.path({ id: item.song_id })}>{item.title}</Link>
        </h2>
        <p className={styles.reviewByline}>
          {item.artist ?? 'Unknown artist'}
          {item.platform && <> · {item.platform}</>}
          <Badge kind="tag">{reviewKindText(item)}</Badge>
        </p>
        <dl className={styles.reviewFacts}>
          <dt>Added by</dt>
          <dd>{item.added_by ?? 'Library import'}</dd>
          {item.file && (
            <>
              <dt>File</dt>
              <dd className="review-file">
                {item.file.filename}
                {item.file.duration !== null && <> ({formatLength(item.file.duration)})</>}
                {item.file.uploaded_by && <> by {item.file.uploaded_by}</>}
              </dd>
            </>
          )}
          <dt>Waiting</dt>
          <dd>
            <time dateTime={isoTime(item.created_at)} title={formatDateTime(item.created_at)}>
              {waitingText(item.created_at, now)}
            </time>
          </dd>
        </dl>
      </div>
      <div className={styles.reviewActions}>
        <button type="button" className={styles.approve} onClick={() => onDecide(item, 'approve')}>
          Approve
        </button>
        {confirming ? (
          <>
            <button
              type="button"
              className={styles.danger}
              onClick={() => onDecide(item, 'reject')}
            >
              Confirm reject
            </button>
            <button type="button" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" onClick={() => setConfirming(true)}>
            Reject
          </button>
        )}
      </div>
    </li>
  );
}
