import type { Song } from '@queuecast/contract';

/**
 * The song page's 'Request this song' button. Requests arrive in a later piece of work, so it
 * is rendered disabled, with the text a listener would see in this state (spec §4).
 */
export function SongRequest({ song, loggedIn }: { song: Song; loggedIn: boolean }) {
  const note = !loggedIn
    ? 'You must be logged in to request.'
    : song.recently_played
      ? "This song was played recently and can't be queued again just yet."
      : null;
  return (
    <div className="song-request">
      <button type="button" disabled title={note ?? 'Requests open soon'}>
        Request this song
      </button>
      {note && <p className="muted">{note}</p>}
    </div>
  );
}
