import { coverArtAt, type ScheduledShow } from '@queuecast/contract';
import { Link } from 'react-router';
import { UserLink } from '../../../components/user-link';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { formatClockTime, isoTime } from '../../../lib/format';
import { SHOW_PAGE } from '../schedule-route';
import styles from '../schedule.module.css';
import { themeSummary } from '../schedule-time';

/** Live or Themed. */
export function KindBadge({ kind }: { kind: ScheduledShow['kind'] }) {
  return (
    <Badge kind="tag" className={cx(styles.kind, kind === 'live' && styles.kindLive)}>
      {kind === 'live' ? 'Live' : 'Themed'}
    </Badge>
  );
}

/** "with <DJ>" for a live show, its theme for a themed one. */
export function ShowHost({ show }: { show: ScheduledShow }) {
  if (show.kind === 'live') {
    return show.dj ? (
      <span className={styles.host}>
        with <UserLink username={show.dj} />
      </span>
    ) : null;
  }
  return (
    <span className={styles.host} dir="auto">
      {themeSummary(show.theme)}
    </span>
  );
}

/** A slot's start–end as local clock times. */
export function SlotTimes({ startsAt, endsAt }: { startsAt: number; endsAt: number }) {
  return (
    <span className={styles.times}>
      <time dateTime={isoTime(startsAt)}>{formatClockTime(startsAt)}</time>–
      <time dateTime={isoTime(endsAt)}>{formatClockTime(endsAt)}</time>
    </span>
  );
}

/** The show's title (text of its own direction), a link to the show's page. */
export function ShowTitle({
  show,
  as: Tag = 'strong',
}: {
  show: ScheduledShow;
  as?: 'strong' | 'h3';
}) {
  return (
    <Tag className={styles.title} dir="auto">
      <Link to={SHOW_PAGE.path({ id: show.id })}>{show.title}</Link>
    </Tag>
  );
}

/** The show's artwork, a square of `px` CSS pixels (from the 96 or 512 px JPEG), if it has one. */
export function ShowArt({ show, px }: { show: ScheduledShow; px: number }) {
  if (!show.artwork_url) return null;
  return (
    <img
      className={styles.art}
      src={coverArtAt(show.artwork_url, px > 96 ? 512 : 96)}
      width={px}
      height={px}
      alt=""
      loading="lazy"
      decoding="async"
      data-testid="show-art"
    />
  );
}
