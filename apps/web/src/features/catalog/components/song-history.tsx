import type { SongDetail } from '@queuecast/contract';
import { useId, useState, type ReactNode } from 'react';
import { UserLink } from '../../../components/user-link';
import { formatDateTime, isoTime } from '../../../lib/format';
import { useDjLabel } from '../../../lib/playback';
import styles from '../song-page.module.css';

/** One dated line of a history: when, and who (a listener, linked to their page, or a label). */
interface Entry {
  at: number;
  who: string;
  /** `who` is a listener's name. */
  user: boolean;
}

/**
 * A toggle that shows a dated list: its button names the list and how many entries it counts
 * in all (the list holds the newest of them).
 */
function HistoryToggle(props: { name: string; count: number; entries: Entry[]; empty: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { name, count, entries, empty } = props;
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  return (
    <section className={styles.songPanel}>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {open ? `Hide ${name}` : `Show ${name} (${count})`}
      </button>
      <div id={id} hidden={!open}>
        {open &&
          (entries.length === 0 ? (
            <p className="muted">{empty}</p>
          ) : (
            <ul className={styles.historyList} aria-label={label}>
              {entries.map((e, i) => (
                <li key={`${e.at}-${i}`}>
                  <time dateTime={isoTime(e.at)}>{formatDateTime(e.at)}</time>{' '}
                  {e.user ? <UserLink username={e.who} /> : <span>{e.who}</span>}
                </li>
              ))}
            </ul>
          ))}
      </div>
    </section>
  );
}

/**
 * The song page's request history: who asked for the song and when, newest first; its count is
 * the page's "Requested N times".
 */
export function SongRequests({
  detail,
}: {
  detail: Pick<SongDetail, 'requests' | 'request_count'>;
}) {
  return (
    <HistoryToggle
      name="request history"
      count={detail.request_count}
      entries={detail.requests.map((r) => ({
        at: r.requested_at,
        who: r.requested_by_username,
        user: true,
      }))}
      empty="Nobody has requested this song yet."
    />
  );
}

/** The song page's plays: when it went on air and for whom (the DJ label for its own picks). */
export function SongPlays({ detail }: { detail: Pick<SongDetail, 'history' | 'play_count'> }) {
  const djLabel = useDjLabel();
  return (
    <HistoryToggle
      name="play history"
      count={detail.play_count}
      entries={detail.history.map((h) => ({
        at: h.played_at,
        who: h.requested_by_username ?? djLabel,
        user: h.requested_by_username !== null,
      }))}
      empty="This song has not been played yet."
    />
  );
}
