import { useCallback } from 'react';
import { CoverArt } from '../../../components/cover-art';
import { formatLength } from '../../../lib/format';
import { usePlayback } from '../../../lib/playback';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { mediaMetadataFor } from '../media-metadata';
import { trackAt, untilNextChange } from '../track-at';
import { useLivePlayer } from '../use-live-player';
import { useMediaSession } from '../use-media-session';
import { LiveStreamSection } from './live-stream-section';
import { NowPlayingSong } from './now-playing-song';

/** The panel looks at the clock at least this often (the countdown moves every second). */
const TICK_MS = 1000;
/** A look lands this long after the moment it waits for, so it sees the change. */
const PAST_EDGE_MS = 5;

/**
 * The now-playing panel and, below it, the live stream. While the stream plays, the panel
 * follows what the listener hears (the stream runs some seconds behind the station), so the
 * song and its countdown change when the listener hears the change; otherwise it follows the
 * station's clock.
 */
export function NowPlayingPanel() {
  const playback = usePlayback();
  const player = useLivePlayer();
  const { heardTime } = player;
  const readTime = useCallback(() => heardTime() ?? serverNow(), [heardTime]);
  // Looks again exactly when the countdown or the song next changes, so a new song shows the
  // moment the listener hears it.
  const nextLook = useCallback(
    (now: number) =>
      playback ? Math.min(TICK_MS, untilNextChange(playback, now) * 1000 + PAST_EDGE_MS) : TICK_MS,
    [playback],
  );
  const at = useTicking(readTime, nextLook);
  const current = playback ? trackAt(playback, at) : null;
  useMediaSession(
    player,
    playback ? mediaMetadataFor(current?.song ?? null, playback.station.name) : null,
  );
  return (
    <>
      <section className="panel now-playing" aria-labelledby="now-playing-title">
        <h2 id="now-playing-title">Now Playing</h2>
        {!playback ? (
          <p className="muted">Waiting for now playing data...</p>
        ) : current ? (
          <>
            <CoverArt
              url={current.song.cover_art_url}
              size={512}
              display={192}
              alt={`Cover art: ${current.song.title}`}
              className="now-playing-cover"
            />
            <NowPlayingSong song={current.song} />
            <p className="time-remaining">
              Time remaining:{' '}
              <span data-testid="time-remaining">{formatLength(Math.ceil(current.remaining))}</span>
            </p>
          </>
        ) : (
          <p className="muted">Nothing is playing right now.</p>
        )}
      </section>
      <LiveStreamSection player={player} />
    </>
  );
}
