import { isStaff } from '@queuecast/contract';
import { useEffect } from 'react';
import { RoleGate } from '../../../components/role-gate';
import { useDocumentTitle } from '../../../lib/document-title';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useReviews } from '../api/get-reviews';
import { useReviewAction } from '../api/review-action';
import { ReviewEntry } from '../components/review-entry';
import { fieldErrorClass } from '../../../components/ui/field';
import { cx } from '../../../components/ui/cx';
import styles from '../staff.module.css';

const AGE_TICK_MS = 30_000;

/** Staff only: listeners' new songs and uploads, to approve (on air) or reject (removed). */
export default function ReviewPage() {
  useDocumentTitle('Review');
  const session = useSession();
  return (
    <RoleGate allowed={isStaff(session?.user.role)}>
      <ReviewList />
    </RoleGate>
  );
}

function ReviewList() {
  const reviews = useReviews();
  const decide = useReviewAction();
  const now = useTicking(serverNow, AGE_TICK_MS);
  const items = reviews.data?.items ?? [];

  useEffect(() => {
    if (reviews.isError) notify.error('Failed to load the review list');
  }, [reviews.isError]);

  return (
    <section className={cx(styles.staffDesk, 'review-page')}>
      <h1>Review</h1>
      <p className="muted">
        Songs and files that listeners added. Approving puts a song with a file on the air rotation;
        rejecting deletes the file, and the song too when it is new.
      </p>
      {reviews.isPending ? (
        <p className="muted">Loading...</p>
      ) : reviews.isError && items.length === 0 ? (
        <div>
          <p className={fieldErrorClass}>Failed to load the review list</p>
          <button type="button" onClick={() => void reviews.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="muted">Nothing waits for review.</p>
      ) : (
        <ul className={styles.reviewList} aria-label="Waiting for review">
          {items.map((item) => (
            <ReviewEntry
              key={item.song_id}
              item={item}
              now={now}
              onDecide={(it, action) => decide.mutate({ item: it, action })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
