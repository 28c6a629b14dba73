import { usePlayback } from '../../../lib/playback';

/** Spec §2 now-playing panel; shows the waiting text until the first live update. */
export function NowPlayingPanel() {
  const playback = usePlayback();
  const song = playback?.now_playing;
  return (
    <section className="panel now-playing" aria-labelledby="now-playing-title">
      <h2 id="now-playing-title">Now Playing</h2>
      {!playback ? (
        <p className="muted">Waiting for now playing data...</p>
      ) : song ? (
        <p>
          <strong>{song.artist ?? 'Unknown'}</strong> – {song.title}
        </p>
      ) : (
        <p className="muted">Nothing is playing right now.</p>
      )}
    </section>
  );
}
