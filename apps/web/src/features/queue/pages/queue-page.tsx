import { useEffect } from 'react';
import { liveConnection } from '../../../lib/live-connection';
import { usePlayback } from '../../../lib/playback';
import { RecentComments } from '../components/recent-comments';

export default function QueuePage() {
  const playback = usePlayback();
  useEffect(() => {
    window.scrollTo(0, 0);
    liveConnection.send({ type: 'refresh' });
  }, []);
  return (
    <section>
      <h1>Queue</h1>
      {!playback ? (
        <p className="muted">Loading queue...</p>
      ) : (
        <p className="muted" data-testid="queue-summary">
          {playback.queue.length === 0 ? 'The queue is empty.' : `${playback.queue.length} queued`}
        </p>
      )}
      <RecentComments />
    </section>
  );
}
