import type { Song } from '@queuecast/contract';
import { RequestAllowanceNote } from '../../../components/request-allowance';
import { useRequestHandler, useRequestStatus } from '../../../components/request-button';
import { requestableAgainText, songRequestView } from '../../../components/request-rules';
import { serverNow, useTicking } from '../../../lib/server-clock';
import styles from '../song-page.module.css';

/** The wait for a locked song counts down in whole seconds. */
const COUNTDOWN_TICK_MS = 1000;

/**
 * The song page's 'Request this song' button: disabled while requesting, for a song
 * played recently or that cannot play (no file, waiting for review), and after a successful
 * request this session, with a line saying why; a locked song counts down to when it can be
 * requested again.
 */
export function SongRequest({ song, loggedIn }: { song: Song; loggedIn: boolean }) {
  const status = useRequestStatus(song.id);
  const onRequest = useRequestHandler('song-page');
  const { disabled, note } = songRequestView(status, song.recently_played, loggedIn, song);
  const now = useTicking(serverNow, COUNTDOWN_TICK_MS);
  const again = song.recently_played ? requestableAgainText(song.requestable_at, now) : null;
  return (
    <div className={styles.songRequest}>
      <button
        type="button"
        disabled={disabled}
        aria-busy={status === 'busy'}
        title={note ?? 'Add this song to the queue'}
        onClick={() => onRequest(song.id)}
      >
        Request this song
      </button>
      {note && <p className="muted">{note}</p>}
      {again && (
        <p className="muted requestable-again" aria-live="off">
          {again}
        </p>
      )}
      <RequestAllowanceNote />
    </div>
  );
}
