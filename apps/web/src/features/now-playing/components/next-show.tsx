import type { NextShow } from '@queuecast/contract';
import { Link } from 'react-router';
import { countdownText } from '../../../lib/countdown';
import styles from './now-playing.module.css';

/** "Next show: Night Shift with dj_one in 2 h 05 min", linking to the schedule. */
export function NextShowLine({ next, now }: { next: NextShow; now: number }) {
  return (
    <p className={styles.nextShow} data-testid="now-playing-next-show">
      <Link to="/schedule">Next show</Link>:{' '}
      <bdi dir="auto" className={styles.nextShowTitle}>
        {next.title}
      </bdi>
      {next.dj && <> with {next.dj}</>} {countdownText(next.starts_at, now)}
    </p>
  );
}
