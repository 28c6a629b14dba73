import { useEffect, useMemo } from 'react';
import { RequestAllowanceNote } from '../../../components/request-allowance';
import { RequestLine } from '../../../components/request-line';
import { SongTable } from '../../../components/song-table';
import { useDocumentTitle } from '../../../lib/document-title';
import { liveConnection } from '../../../lib/live-connection';
import { usePlayback } from '../../../lib/playback';
import { serverNow, useTicking } from '../../../lib/server-clock';
import { useSession } from '../../../lib/session';
import { RecentComments } from '../components/recent-comments';
import { queueRows } from '../queue-rows';
import styles from '../queue.module.css';

/** Play Time texts count whole minutes; a few seconds late is close enough. */
const PLAY_TIME_TICK_MS = 5000;

export default function QueuePage() {
  useDocumentTitle('Queue');
  const playback = usePlayback();
  const session = useSession();
  const live = playback?.live ?? null;
  const djOnAir = session !== null && live !== null && live.dj === session.user.username;
  const rows = useMemo(() => (playback ? queueRows(playback) : []), [playback]);
  const now = useTicking(serverNow, PLAY_TIME_TICK_MS);
  const playTime = useMemo(() => ({ now }), [now]);
  useEffect(() => {
    window.scrollTo(0, 0);
    liveConnection.send({ type: 'refresh' });
  }, []);
  return (
    <section>
      <h1>Queue</h1>
      <RequestAllowanceNote />
      {live && (
        <p className={styles.liveNote} role="note" data-testid="live-note">
          <bdi>{live.show}</bdi> is on air: requests play after the live show.
        </p>
      )}
      {djOnAir && (
        <div className={styles.line}>
          <RequestLine userId={session.user.id} sessionId={live.session_id} />
        </div>
      )}
      {!playback ? (
        <p className="muted">Loading queue...</p>
      ) : rows.length === 0 ? (
        <p className="muted">Nothing has been played yet.</p>
      ) : (
        <SongTable
          songs={rows}
          label="Queue and history"
          playTime={playTime}
          requestedBy
          favorites
          highlightNow
        />
      )}
      {/* Below the table once it is there: shown first, the comments would jump down. */}
      {playback && <RecentComments />}
    </section>
  );
}
