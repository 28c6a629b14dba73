import { PAGES, type LiveShow, type QueueSong } from '@queuecast/contract';
import { Link } from 'react-router';
import { CoverArt } from '../../../components/cover-art';
import { Badge } from '../../../components/ui/badge';
import type { LivePlayer } from '../use-live-player';
import styles from './now-playing.module.css';

/**
 * The player as a bar pinned to the bottom of a phone's screen, on every page but the queue:
 * the song's artwork and title (a link to its page), or the live show's name, Play/Pause and
 * the LIVE mark. It drives the same player as the full panel, which the page hides at that
 * width.
 */
export default function MiniPlayer({
  song,
  live,
  player,
}: {
  song: QueueSong | null;
  /** The live show on air, shown by its name instead of a song. */
  live: LiveShow | null;
  player: LivePlayer;
}) {
  const { on, play, pause } = player;
  return (
    <section className={styles.mini} aria-label="Player" data-testid="mini-player">
      <CoverArt url={song?.cover_art_url ?? null} size={96} display={44} alt="" />
      <div className={styles.miniText}>
        {live ? (
          <bdi className={styles.miniTitle} title={live.show}>
            {live.show}
          </bdi>
        ) : song ? (
          <Link
            to={PAGES.song.path({ id: song.id })}
            className={styles.miniTitle}
            dir="auto"
            title={song.title}
          >
            {song.title}
          </Link>
        ) : (
          <span className="muted">Waiting for now playing data...</span>
        )}
        <Badge kind="live" on={on}>
          LIVE
        </Badge>
      </div>
      <button type="button" className={styles.play} onClick={on ? pause : play}>
        {on ? 'Pause' : 'Play'}
      </button>
    </section>
  );
}
