import { useCallback } from 'react';
import { CoverArt } from '../../../components/cover-art';
import { cardClass } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { formatLength } from '../../../lib/format';
import { usePlayback } from '../../../lib/playback';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { liveMediaMetadata, mediaMetadataFor } from '../media-metadata';
import { trackAt, untilNextChange } from '../track-at';
import { useLivePlayer } from '../use-live-player';
import { useMediaSession } from '../use-media-session';
import { LiveShowNow } from './live-show-now';
import { LiveStreamSection } from './live-stream-section';
import MiniPlayer from './mini-player';
import { NextShowLine } from './next-show';
import styles from './now-playing.module.css';
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
export function NowPlayingPanel({ fullOnPhone = true }: { fullOnPhone?: boolean }) {
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
  const live = playback?.live ?? null;
  const current = playback && !live ? trackAt(playback, at) : null;
  useMediaSession(
    player,
    !playback
      ? null
      : live
        ? liveMediaMetadata(live, playback.station.name)
        : mediaMetadataFor(current?.song ?? null, playback.station.name),
  );
  return (
    <>
      {/* On a phone, away from the queue page, the mini-player stands in for both sections. */}
      <section
        className={cx(cardClass, styles.panel, !fullOnPhone && styles.notOnPhone)}
        aria-labelledby="now-playing-title"
        data-testid="now-playing-panel"
      >
        <h2 id="now-playing-title" className={styles.heading}>
          Now Playing
        </h2>
        {/* The body keeps one size from the first paint on: nothing below it moves. */}
        <div className={styles.body}>
          {!playback ? (
            <>
              <span className={styles.coverSlot} />
              <p className={cx('muted', styles.song)}>Waiting for now playing data...</p>
            </>
          ) : live ? (
            <LiveShowNow live={live} />
          ) : current ? (
            <>
              <CoverArt
                url={current.song.cover_art_url}
                size={512}
                display={192}
                alt={`Cover art: ${current.song.title}`}
                className={styles.cover}
              />
              <div className={styles.song}>
                <NowPlayingSong song={current.song} />
                <p className={styles.remaining}>
                  Time remaining:{' '}
                  <span data-testid="time-remaining">
                    {formatLength(Math.ceil(current.remaining))}
                  </span>
                </p>
              </div>
            </>
          ) : (
            <>
              <span className={styles.coverSlot} />
              <p className={cx('muted', styles.song)}>Nothing is playing right now.</p>
            </>
          )}
        </div>
        {/* Its line is kept from the first paint on, so that nothing below moves when it comes. */}
        <div className={styles.nextShowSlot}>
          {playback?.next_show && <NextShowLine next={playback.next_show} now={serverNow()} />}
        </div>
      </section>
      <LiveStreamSection player={player} className={cx(!fullOnPhone && styles.notOnPhone)} />
      {!fullOnPhone && <MiniPlayer song={current?.song ?? null} live={live} player={player} />}
    </>
  );
}
