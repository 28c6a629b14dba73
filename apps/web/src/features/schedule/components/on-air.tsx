import type { ShowSlot } from '@queuecast/contract';
import { Card } from '../../../components/ui/card';
import { formatDateTime, isoTime } from '../../../lib/format';
import { serverNow, useTicking } from '../../../lib/server-clock';
import styles from '../schedule.module.css';
import { countdownText, timeLeftText } from '../schedule-time';
import { KindBadge, ShowArt, ShowHost, ShowTitle, SlotTimes } from './slot-parts';

/** The countdowns tick every second (a minute's text changes on time). */
const TICK_MS = 1000;

/** "On now" (the slot on air, its time left) and "Next" (its countdown), side by side. */
export function OnAir({ now, next }: { now: ShowSlot | null; next: ShowSlot | null }) {
  const clock = useTicking(serverNow, TICK_MS);
  // Between the slot's end and the schedule's reload, it is no longer on.
  const onNow = now && now.ends_at > clock ? now : null;
  return (
    <div className={styles.onAir}>
      <Card
        title="On now"
        titleId="schedule-on-now"
        className={styles.onAirCard}
        data-testid="on-now"
      >
        {onNow ? (
          <>
            <ShowArt show={onNow.show} px={72} />
            <p className={styles.onAirHead}>
              <ShowTitle show={onNow.show} />
              <KindBadge kind={onNow.show.kind} />
            </p>
            <p className={styles.onAirLine}>
              <ShowHost show={onNow.show} />
            </p>
            <p className={styles.onAirLine}>
              <SlotTimes startsAt={onNow.starts_at} endsAt={onNow.ends_at} />{' '}
              <span className={styles.countdown} data-testid="time-left">
                {timeLeftText(onNow.ends_at, clock)}
              </span>
            </p>
          </>
        ) : (
          <p className="muted">No show on now: the station plays its own picks.</p>
        )}
      </Card>
      <Card
        title="Next"
        titleId="schedule-next"
        className={styles.onAirCard}
        data-testid="next-show"
      >
        {next ? (
          <>
            <ShowArt show={next.show} px={72} />
            <p className={styles.onAirHead}>
              <ShowTitle show={next.show} />
              <KindBadge kind={next.show.kind} />
            </p>
            <p className={styles.onAirLine}>
              <ShowHost show={next.show} />
            </p>
            <p className={styles.onAirLine}>
              <time dateTime={isoTime(next.starts_at)}>{formatDateTime(next.starts_at)}</time>{' '}
              <span className={styles.countdown} data-testid="countdown">
                {countdownText(next.starts_at, clock)}
              </span>
            </p>
          </>
        ) : (
          <p className="muted">Nothing else is planned yet.</p>
        )}
      </Card>
    </div>
  );
}
