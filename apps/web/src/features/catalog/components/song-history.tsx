import type { SongDetail } from '@queuecast/contract';
import { useId, useState } from 'react';
import { formatDateTime, isoTime } from '../../../lib/format';
import { useDjLabel } from '../../../lib/playback';

/** The song page's request history: a toggle that shows when the song played and for whom. */
export function SongHistory({ history }: { history: SongDetail['history'] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const djLabel = useDjLabel();
  return (
    <section className="song-panel">
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? 'Hide request history' : `Show request history (${history.length})`}
      </button>
      <div id={id} hidden={!open}>
        {open &&
          (history.length === 0 ? (
            <p className="muted">This song has not been played yet.</p>
          ) : (
            <ul className="history-list" aria-label="Request history">
              {history.map((h, i) => (
                <li key={`${h.played_at}-${i}`}>
                  <time dateTime={isoTime(h.played_at)}>{formatDateTime(h.played_at)}</time>{' '}
                  <span>{h.requested_by_username ?? djLabel}</span>
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}
