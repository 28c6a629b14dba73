import { useParams } from 'react-router';
import { QueueButtons } from '../../../components/queue-buttons';
import { SongTable } from '../../../components/song-table';
import { ApiError } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/document-title';
import { useArtist } from '../../../api/get-artist';

export default function ArtistPage() {
  const id = Number(useParams().id);
  const { data, isPending, error } = useArtist(id);
  const notFound = !Number.isInteger(id) || (error instanceof ApiError && error.status === 404);
  useDocumentTitle(notFound ? 'Artist not found' : data ? `Songs by ${data.artist}` : 'Artist');
  if (notFound) {
    return (
      <section>
        <h1>Artist not found.</h1>
      </section>
    );
  }
  const songs = data?.songs.map((e) => e.song) ?? [];
  return (
    <section>
      <h1>{data ? `Songs by ${data.artist}` : 'Songs by …'}</h1>
      <QueueButtons filter={{ artist_id: id }} labels="songs" />
      {isPending ? (
        <p className="muted">Loading...</p>
      ) : error ? (
        <p className="muted">Could not load this artist.</p>
      ) : songs.length === 0 ? (
        <p className="muted">No songs found for this artist.</p>
      ) : (
        <SongTable songs={songs} label={`Songs by ${data.artist}`} sortable favorites request />
      )}
    </section>
  );
}
