import { usePlaybackPart } from '../../../lib/playback';
import { listeningText, statusText, volumeText } from '../player-text';
import type { LivePlayer } from '../use-live-player';
import { usePlayerShortcuts } from '../use-player-shortcuts';
import styles from './player-controls.module.css';

const listenersOf = (update: { listeners: number }) => update.listeners;

/** 'N listening' beside the LIVE mark, live from the playback update and `listeners` pushes. */
export function ListenerCount() {
  const listeners = usePlaybackPart(listenersOf);
  if (listeners === undefined) return null;
  return (
    <span className={styles.listeners} data-testid="listener-count">
      {listeningText(listeners)}
    </span>
  );
}

/**
 * Under Play/Pause: mute and the volume (both remembered), what the player is waiting for
 * (connecting, buffering, reconnecting), and the keyboard shortcuts, which work anywhere on the
 * page but in text fields and controls.
 */
export function PlayerControls({ player }: { player: LivePlayer }) {
  const { volume, muted, setVolume, toggleMute, status } = player;
  usePlayerShortcuts(player);
  const waiting = statusText(status);
  return (
    <>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.mute}
          aria-pressed={muted}
          aria-keyshortcuts="M"
          title="Mute (M)"
          onClick={toggleMute}
        >
          {muted ? 'Unmute' : 'Mute'}
        </button>
        <input
          type="range"
          className={styles.volume}
          aria-label="Volume"
          aria-valuetext={volumeText(volume, muted)}
          min={0}
          max={1}
          step={0.05}
          value={muted ? 0 : volume}
          onChange={(e) => setVolume(Number(e.target.value))}
        />
      </div>
      <p className={styles.status} role="status" data-testid="player-status">
        {waiting && (
          <>
            <span className={styles.spinner} aria-hidden="true" />
            {waiting}
          </>
        )}
      </p>
      <p className={styles.hints}>
        Keys: <kbd>Space</kbd> play/pause · <kbd>M</kbd> mute
      </p>
    </>
  );
}
