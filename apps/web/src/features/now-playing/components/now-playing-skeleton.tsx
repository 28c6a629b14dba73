import { Badge } from '../../../components/ui/badge';
import { cardClass } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import styles from './now-playing.module.css';

/**
 * The player's two cards as they first look, drawn by the shell while the player's own code
 * (a chunk of its own, fetched beside the page's) arrives: the same boxes at the same size, so
 * nothing moves when the real ones replace them.
 */
export function NowPlayingSkeleton({ fullOnPhone }: { fullOnPhone: boolean }) {
  const hidden = !fullOnPhone && styles.notOnPhone;
  return (
    <>
      <section className={cx(cardClass, styles.panel, hidden)} aria-label="Now Playing">
        <h2 className={styles.heading}>Now Playing</h2>
        <div className={styles.body}>
          <span className={styles.coverSlot} />
          <p className={cx('muted', styles.song)}>Waiting for now playing data...</p>
        </div>
      </section>
      <section
        className={cx(cardClass, styles.stream, styles.streamSkeleton, hidden)}
        aria-label="Live Stream"
      >
        <h2 className={styles.streamHeading}>Live Stream</h2>
        <div className={styles.controls}>
          <button type="button" className={styles.play} disabled>
            Play
          </button>
          <Badge kind="live">LIVE</Badge>
        </div>
      </section>
    </>
  );
}
