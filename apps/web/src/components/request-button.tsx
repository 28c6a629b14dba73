import type { Song } from '@queuecast/contract';

/**
 * The table's Request button (spec §4 labels: 'Locked' for a recently played song, otherwise
 * 'Request'). Requests arrive in a later piece of work: until then it is rendered disabled.
 */
export function RequestButton({ song }: { song: Pick<Song, 'title' | 'recently_played'> }) {
  const text = song.recently_played ? 'Locked' : 'Request';
  return (
    <button
      type="button"
      className="request-button"
      aria-label={`${text}: ${song.title}`}
      title={song.recently_played ? 'This song was played recently.' : 'Requests open soon'}
      disabled
    >
      {text}
    </button>
  );
}
