import type { ScheduledShow, ShowSlot } from '@queuecast/contract';
import { Button } from '../../../components/ui/button';
import { isoTime } from '../../../lib/format';
import styles from '../schedule.module.css';
import type { ScheduleDay } from '../schedule-time';
import { KindBadge, ShowArt, ShowHost, ShowTitle, SlotTimes } from './slot-parts';

const dayName = new Intl.DateTimeFormat(undefined, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
});

export interface SlotActions {
  onEdit: (show: ScheduledShow) => void;
  onDelete: (show: ScheduledShow) => void;
}

/** The week, day by day (local days), each day's slots in time order. */
export function WeekView({
  days,
  today,
  actions,
}: {
  days: readonly ScheduleDay[];
  /** `YYYY-MM-DD` of today, marked. */
  today: string;
  /** Staff's Edit and Delete; none for listeners. */
  actions: SlotActions | null;
}) {
  return (
    <ol className={styles.days} aria-label="The week">
      {days.map((day) => (
        <li key={day.key} className={styles.day} data-testid="schedule-day" data-day={day.key}>
          <h2 className={styles.dayTitle}>
            <time dateTime={day.key}>{dayName.format(new Date(day.start * 1000))}</time>
            {day.key === today && <span className={styles.today}> · Today</span>}
          </h2>
          {day.slots.length === 0 ? (
            <p className={`muted ${styles.noShows}`}>No shows.</p>
          ) : (
            <ul className={styles.slots}>
              {day.slots.map((slot) => (
                <SlotItem key={`${slot.show.id}:${slot.starts_at}`} slot={slot} actions={actions} />
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

function SlotItem({ slot, actions }: { slot: ShowSlot; actions: SlotActions | null }) {
  const { show } = slot;
  return (
    <li className={styles.slot} data-testid="schedule-slot" data-start={isoTime(slot.starts_at)}>
      <SlotTimes startsAt={slot.starts_at} endsAt={slot.ends_at} />
      <div className={styles.slotBody}>
        <ShowArt show={show} px={48} />
        <p className={styles.slotHead}>
          <ShowTitle show={show} />
          <KindBadge kind={show.kind} />
          {show.weekly && (
            <span className={styles.weekly} title="This show repeats every week">
              ↻ Weekly
            </span>
          )}
        </p>
        <p className={styles.slotLine}>
          <ShowHost show={show} />
        </p>
        {show.description && (
          <p className={styles.description} dir="auto">
            {show.description}
          </p>
        )}
        {actions && (
          <p className={styles.slotActions}>
            <Button
              size="sm"
              onClick={() => actions.onEdit(show)}
              aria-label={`Edit ${show.title}`}
            >
              Edit
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => actions.onDelete(show)}
              aria-label={`Delete ${show.title}`}
            >
              Delete
            </Button>
          </p>
        )}
      </div>
    </li>
  );
}
