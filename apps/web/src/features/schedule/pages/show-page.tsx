import type { ShowPage as ShowPageData } from '@queuecast/contract';
import { Link, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDateTime, isoTime } from '../../../lib/format';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { useShow } from '../api/get-show';
import { Recordings } from '../components/recordings';
import { KindBadge, ShowArt, ShowHost, SlotTimes } from '../components/slot-parts';
import { SCHEDULE_PAGE } from '../schedule-route';
import styles from '../schedule.module.css';
import { countdownText, timeLeftText } from '../schedule-time';

const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'long' });

/** The countdown ticks every second (a minute's text changes on time). */
const TICK_MS = 1000;

/** When the show is on: "Every Friday, 8:00 PM–9:00 PM" or its one date, and what comes. */
function ShowWhen({ page }: { page: ShowPageData }) {
  const clock = useTicking(serverNow, TICK_MS);
  const { show, slot } = page;
  const first = slot ?? { starts_at: show.starts_at, ends_at: show.starts_at + show.minutes * 60 };
  return (
    <>
      <p className={styles.onAirLine} data-testid="show-when">
        {show.weekly ? `Every ${weekday.format(new Date(first.starts_at * 1000))}, ` : ''}
        {!show.weekly && (
          <>
            <time dateTime={isoTime(first.starts_at)}>{formatDateTime(first.starts_at)}</time>
            {', '}
          </>
        )}
        <SlotTimes startsAt={first.starts_at} endsAt={first.ends_at} />
      </p>
      <p className={styles.onAirLine} data-testid="show-next">
        {!slot ? (
          <span className="muted">This show is over.</span>
        ) : slot.starts_at <= clock && clock < slot.ends_at ? (
          <span className={styles.countdown}>On now: {timeLeftText(slot.ends_at, clock)}</span>
        ) : slot.ends_at <= clock ? (
          <span className="muted">This slot is over.</span>
        ) : (
          <>
            Next: <time dateTime={isoTime(slot.starts_at)}>{formatDateTime(slot.starts_at)}</time>{' '}
            <span className={styles.countdown}>{countdownText(slot.starts_at, clock)}</span>
          </>
        )}
      </p>
    </>
  );
}

/**
 * `/show/{id}`: a planned show: its artwork, title, host or theme, description, when it is on
 * and when next, and (for a live show) the recordings of what its DJ broadcast in its slots.
 */
export default function ShowPage() {
  const id = Number(useParams().id);
  const { data, isPending, error } = useShow(id);
  const missing =
    !Number.isInteger(id) ||
    id <= 0 ||
    (error instanceof ApiError && (error.status === 404 || error.status === 400));
  useDocumentTitle(missing ? 'Page not found' : (data?.show.title ?? 'Show'));

  if (missing) return <NotFound />;
  if (isPending) return <p className="muted">Loading...</p>;
  if (error) {
    return (
      <section>
        <h1>Show</h1>
        <p className="muted">Could not load this show. Try again later.</p>
      </section>
    );
  }
  const { show } = data;
  return (
    <article className={styles.showPage} aria-labelledby="show-title">
      <p>
        <Link to={SCHEDULE_PAGE.path()}>← Schedule</Link>
      </p>
      <Card className={styles.showCard}>
        <ShowArt show={show} px={160} />
        <div>
          <h1 id="show-title" className={styles.showTitle} dir="auto">
            {show.title}
          </h1>
          <p className={styles.onAirHead}>
            <KindBadge kind={show.kind} />
            <ShowHost show={show} />
          </p>
          <ShowWhen page={data} />
        </div>
        {show.description && (
          <p className={styles.showDescription} dir="auto">
            {show.description}
          </p>
        )}
      </Card>
      {show.kind === 'live' && <Recordings show={show.id} />}
    </article>
  );
}
