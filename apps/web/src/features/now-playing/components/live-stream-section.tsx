import { STREAM_PATHS } from '@queuecast/contract';
import type { LivePlayer } from '../use-live-player';
import { ListenerCount, PlayerControls } from './player-controls';

/** The 'Live Stream' section: Play/Pause, the LIVE mark, and the MP3 for other players. */
export function LiveStreamSection({ player }: { player: LivePlayer }) {
  const { audioRef, on, engine, play, pause } = player;
  return (
    <section className="panel live-stream" aria-labelledby="live-stream-title">
      <h2 id="live-stream-title">Live Stream</h2>
      <div className="live-controls">
        <button
          type="button"
          className="play-button"
          aria-keyshortcuts="Space"
          title="Play/Pause (Space)"
          onClick={on ? pause : play}
        >
          {on ? 'Pause' : 'Play'}
        </button>
        <span className={on ? 'live-mark on' : 'live-mark'}>LIVE</span>
        <ListenerCount />
      </div>
      <PlayerControls player={player} />
      <p className="direct-stream">
        <a href={STREAM_PATHS.mp3} target="_blank" rel="noopener">
          Prefer a direct stream?
        </a>
      </p>
      {/* The engine is named on the element so the browser tests can tell hls.js from native. */}
      <audio ref={audioRef} preload="none" data-engine={engine ?? undefined} />
    </section>
  );
}
