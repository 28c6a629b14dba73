import { QueueActionRefused, useQueueAction } from '../api/queue-action';
import { ApiError } from '../lib/api-client';
import { useSession } from '../lib/session';
import { notify } from '../lib/toast';
import { RequestAllowanceNote } from './request-allowance';
import {
  QUEUE_LABELS,
  QUEUE_PICKS,
  queueActionBlock,
  queueBody,
  queueFailureText,
  queueSuccessText,
  type QueueFilter,
} from './queue-rules';
import styles from './pagination.module.css';

const serverMessage = (err: Error) =>
  err instanceof ApiError
    ? err.serverMessage
    : err instanceof QueueActionRefused
      ? err.serverMessage
      : null;

/**
 * The four queue buttons of the artist, platform, tag and profile pages (POST /api/queue).
 * Disabled with the title 'Login required' when logged out, with `disabledReason` (no
 * favourites, no songs), and while a pick is under way.
 */
export function QueueButtons({
  filter,
  labels,
  disabledReason,
}: {
  filter: QueueFilter;
  labels: keyof typeof QUEUE_LABELS;
  disabledReason?: string | null;
}) {
  const session = useSession();
  const { mutate, isPending } = useQueueAction({
    onSuccess: (result) => void notify.success(queueSuccessText(result.song_details)),
    onError: (err) => void notify.error(queueFailureText(serverMessage(err))),
  });
  const reason = !session ? 'Login required' : (disabledReason ?? undefined);
  return (
    <>
      <div
        className={styles.queueButtons}
        role="group"
        aria-label="Queue a song"
        aria-busy={isPending}
      >
        {QUEUE_PICKS.map((pick) => (
          <button
            key={pick}
            type="button"
            disabled={reason !== undefined || isPending}
            title={reason}
            onClick={() => {
              const block = queueActionBlock(filter, session !== null);
              if (block) notify.error(block);
              else mutate(queueBody(filter, pick));
            }}
          >
            {QUEUE_LABELS[labels][pick]}
          </button>
        ))}
      </div>
      <RequestAllowanceNote />
    </>
  );
}
