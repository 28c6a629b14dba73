import { PAGES, type LiveShow } from '@queuecast/contract';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { CoverArt } from '../../../components/cover-art';
import { UserLink } from '../../../components/user-link';
import { Badge } from '../../../components/ui/badge';
import { cx } from '../../../components/ui/cx';
import { useSession } from '../../../lib/session';
import { canDedicate, canEndShow, liveTitleText, STANDBY_TEXT } from '../live-show-text';
import { DedicationForm } from './dedication-form';
import styles from './now-playing.module.css';

// Staff only, and only during a show: its code (and the dialog's) waits for them.
const EndShow = lazy(() => import('./end-show'));

/**
 * The now-playing panel's body during a live show: LIVE with the show's name, its DJ, the
 * title the DJ sent last (or that none came yet), the stand-by notice while the station holds
 * the show, a listener's dedication to the DJ, and the End show control for staff.
 */
export function LiveShowNow({ live }: { live: LiveShow }) {
  const session = useSession();
  const user = session?.user;
  return (
    <>
      <CoverArt url={null} size={512} display={192} alt="" className={styles.cover} />
      <div className={styles.song} data-testid="live-show">
        <div className={styles.songRows}>
          <span className={styles.liveHead}>
            <Badge kind="live" on>
              LIVE
            </Badge>{' '}
            <bdi className={styles.title} title={live.show} data-testid="live-show-name">
              {live.show}
            </bdi>
          </span>
          <span className={styles.meta}>
            with <UserLink username={live.dj} />
          </span>
          <span
            className={cx(styles.artist, live.title === null && 'muted')}
            dir="auto"
            title={live.title ?? undefined}
            data-testid="live-title"
          >
            {liveTitleText(live.title)}
          </span>
        </div>
        {live.state === 'standby' && (
          <p className={styles.standby} role="status">
            {STANDBY_TEXT}
          </p>
        )}
        {canDedicate(user?.username, live.dj) && <DedicationForm dj={live.dj} />}
        {!user && (
          <p className={cx('muted', styles.liveHint)}>
            <Link to={PAGES.login.path()}>Log in</Link> to send the DJ a dedication.
          </p>
        )}
        {canEndShow(user?.role) && (
          <Suspense fallback={null}>
            <EndShow dj={live.dj} />
          </Suspense>
        )}
      </div>
    </>
  );
}
