import { STREAM_PATHS } from '@queuecast/contract';
import { Badge } from '../../../components/ui/badge';
import { cardClass } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import type { LivePlayer } from '../use-live-player';
import { ListenerCount, PlayerControls } from './player-controls';
import styles from './now-playing.module.css';

/** The 'Live Stream' section: Play/Pause, the LIVE mark, and the MP3 for other players. */
export function LiveStreamSection({
  player,
  className,
}: {
  player: LivePlayer;
  className?: string;
}) {
  const { audioRef, on, engine, play, pause } = player;
  return (
    <section
      className={cx(cardClass, styles.stream, className)}
      aria-labelledby="live-stream-title"
    >
      <h2 id="live-stream-title" className={styles.streamHeading}>
        Live Stream
      </h2>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.play}
          aria-keyshortcuts="Space"
          title="Play/Pause (Space)"
          onClick={on ? pause : play}
        >
          {on ? 'Pause' : 'Play'}
        </button>
        <Badge kind="live" on={on}>
          LIVE
        </Badge>
        <ListenerCount />
      </div>
      <PlayerControls player={player} />
      <p className={styles.direct}>
        <a href={STREAM_PATHS.mp3} target="_blank" rel="noopener">
          Prefer a direct stream?
        </a>
      </p>
      {/* The engine is named on the element so the browser tests can tell hls.js from native. */}
      <audio ref={audioRef} preload="none" data-engine={engine ?? undefined} />
    </section>
  );
}
