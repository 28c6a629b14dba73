import { useSession } from '../lib/session';
import {
  QUEUE_LABELS,
  QUEUE_PICKS,
  queueBody,
  type QueueBody,
  type QueueFilter,
} from './queue-rules';

/**
 * The four queue buttons of the artist, platform, tag and profile pages. Disabled with the
 * title 'Login required' when logged out, or with `disabledReason` (no favourites, no songs).
 * Queueing (POST /api/queue) arrives in a later piece of work: until a page passes `onQueue`,
 * a click sends nothing.
 */
export function QueueButtons({
  filter,
  labels,
  disabledReason,
  onQueue,
}: {
  filter: QueueFilter;
  labels: keyof typeof QUEUE_LABELS;
  disabledReason?: string | null;
  onQueue?: (body: QueueBody) => void;
}) {
  const session = useSession();
  const reason = !session ? 'Login required' : (disabledReason ?? undefined);
  return (
    <div className="queue-buttons" role="group" aria-label="Queue a song">
      {QUEUE_PICKS.map((pick) => (
        <button
          key={pick}
          type="button"
          disabled={reason !== undefined}
          title={reason}
          onClick={() => onQueue?.(queueBody(filter, pick))}
        >
          {QUEUE_LABELS[labels][pick]}
        </button>
      ))}
    </div>
  );
}
