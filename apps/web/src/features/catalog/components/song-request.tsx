import type { Song } from '@queuecast/contract';
import { useRequestHandler, useRequestStatus } from '../../../components/request-button';
import { songRequestView } from '../../../components/request-rules';

/**
 * The song page's 'Request this song' button: disabled while requesting, for a song
 * played recently or that cannot play (no file, waiting for review), and after a successful
 * request this session, with a line saying why.
 */
export function SongRequest({ song, loggedIn }: { song: Song; loggedIn: boolean }) {
  const status = useRequestStatus(song.id);
  const onRequest = useRequestHandler('song-page');
  const { disabled, note } = songRequestView(status, song.recently_played, loggedIn, song);
  return (
    <div className="song-request">
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
    </div>
  );
}
