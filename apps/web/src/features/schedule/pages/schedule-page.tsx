import { isStaff, type ScheduledShow } from '@queuecast/contract';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { errorText } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { formatDateTime } from '../../../lib/format';
import { serverNow } from '../../../lib/server-clock';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useSchedule } from '../api/get-schedule';
import { useDeleteShow } from '../api/save-show';
import { OnAir } from '../components/on-air';
import { Recordings } from '../components/recordings';
import { ShowEditor } from '../components/show-editor';
import { WeekView, type SlotActions } from '../components/week-view';
import { SCHEDULE_PAGE } from '../schedule-route';
import styles from '../schedule.module.css';
import {
  addLocalDays,
  groupByLocalDay,
  localDateKey,
  startOfLocalDay,
  WEEK_DAYS,
  weekFrom,
} from '../schedule-time';

const rangeFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });

/** Longest wait set for a slot's boundary (setTimeout's limit is about 24.8 days). */
const MAX_WAIT_MS = 24 * 3600 * 1000;

/**
 * `/schedule`: the show on now and the next one with its countdown, then the week day by day
 * (local days, from today or from `?from=`), and the recordings of past live shows. Staff add,
 * edit and delete shows here.
 */
export default function SchedulePage() {
  useDocumentTitle('Schedule');
  const [params] = useSearchParams();
  const [loadedAt] = useState(() => serverNow());
  const from = weekFrom(params.get('from'), loadedAt);
  const session = useSession();
  const staff = isStaff(session?.user.role);
  const schedule = useSchedule(from);
  const { data, isPending, isError, refetch } = schedule;

  /** The form: closed, a new show, or a planned one. */
  const [editing, setEditing] = useState<{ show: ScheduledShow | null } | null>(null);
  const [deleting, setDeleting] = useState<ScheduledShow | null>(null);
  const remove = useDeleteShow();

  useEffect(() => {
    if (isError) notify.error('Failed to load the schedule.');
  }, [isError]);

  // On now and Next change when the slot on air ends or the next begins: reload then.
  const boundary = Math.min(data?.now?.ends_at ?? Infinity, data?.next?.starts_at ?? Infinity);
  useEffect(() => {
    if (!Number.isFinite(boundary)) return;
    const wait = Math.max(0, (boundary - serverNow()) * 1000) + 500;
    if (wait > MAX_WAIT_MS) return;
    const timer = setTimeout(() => void refetch(), wait);
    return () => clearTimeout(timer);
  }, [boundary, refetch]);

  const days = useMemo(
    () => (data ? groupByLocalDay(data.slots, from, WEEK_DAYS) : []),
    [data, from],
  );
  const today = localDateKey(serverNow());
  const thisWeek = startOfLocalDay(serverNow());
  const previous = addLocalDays(from, -WEEK_DAYS);
  const next = addLocalDays(from, WEEK_DAYS);
  const lastDay = addLocalDays(from, WEEK_DAYS - 1);

  const actions: SlotActions | null = staff
    ? {
        onEdit: (show) => setEditing({ show }),
        onDelete: (show) => setDeleting(show),
      }
    : null;

  const confirmDelete = () => {
    const show = deleting;
    setDeleting(null);
    if (!show) return;
    remove.mutate(show.id, {
      onSuccess: () => notify.success(`Deleted "${show.title}".`),
      onError: (err) => notify.error(errorText(err, 'Failed to delete the show.')),
    });
  };

  return (
    <section className={styles.page} aria-labelledby="schedule-title">
      <header className={styles.header}>
        <h1 id="schedule-title">Schedule</h1>
        {staff && !editing && (
          <Button variant="primary" onClick={() => setEditing({ show: null })}>
            Add show
          </Button>
        )}
      </header>
      {staff && editing && (
        <ShowEditor
          key={editing.show?.id ?? 'new'}
          show={editing.show}
          now={serverNow()}
          onDone={() => setEditing(null)}
        />
      )}
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : isError && !data ? (
        <div>
          <p className="muted">Could not load the schedule. Try again later.</p>
          <Button onClick={() => void refetch()}>Try again</Button>
        </div>
      ) : (
        <>
          <OnAir now={data.now} next={data.next} />
          <nav className={styles.weekNav} aria-label="Weeks">
            <Link to={SCHEDULE_PAGE.path({ from: previous })} rel="prev">
              ← Previous week
            </Link>
            <h2 className={styles.weekTitle}>
              {rangeFormat.format(new Date(from * 1000))} –{' '}
              {rangeFormat.format(new Date(lastDay * 1000))}
            </h2>
            {from !== thisWeek && <Link to={SCHEDULE_PAGE.path()}>This week</Link>}
            <Link to={SCHEDULE_PAGE.path({ from: next })} rel="next">
              Next week →
            </Link>
          </nav>
          {data.slots.length === 0 ? (
            <p className="muted">Nothing scheduled this week.</p>
          ) : (
            <WeekView days={days} today={today} actions={actions} />
          )}
        </>
      )}
      <Recordings />
      <Dialog
        open={deleting !== null}
        title="Delete this show?"
        confirmLabel="Delete"
        danger
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            <bdi>{deleting.title}</bdi>
            {deleting.weekly
              ? ' and every weekly slot of it will leave the schedule.'
              : `, ${formatDateTime(deleting.starts_at)}, will leave the schedule.`}
          </p>
        )}
      </Dialog>
    </section>
  );
}
