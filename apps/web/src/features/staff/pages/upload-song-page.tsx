import { useEffect } from 'react';
import { useParams } from 'react-router';
import '../staff.css';
import { useSong } from '../../../api/get-song';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { SongSummary } from '../components/song-summary';
import { UploadForm } from '../components/upload-form';

const FETCH_FAILED = 'Failed to fetch song metadata';

/** The audio file for one song: what the song is, then the upload form for a signed-in user. */
export default function UploadSongPage() {
  useDocumentTitle('Upload File');
  const session = useSession();
  const id = Number(useParams().songId);
  const valid = Number.isInteger(id) && id > 0;
  const song = useSong(id);
  const failed = !valid || song.isError;

  useEffect(() => {
    if (failed) notify.error(FETCH_FAILED);
  }, [failed]);

  return (
    <section className="staff-desk">
      <h1>Upload File</h1>
      {failed ? (
        <p role="alert" className="form-error">
          {FETCH_FAILED}
        </p>
      ) : song.isPending ? (
        <p className="muted">Loading...</p>
      ) : (
        <SongSummary song={song.data.song} />
      )}
      {!session ? (
        <p className="muted">You must be logged in to upload a file.</p>
      ) : (
        song.data && <UploadForm key={id} songId={id} />
      )}
    </section>
  );
}
