import { useEffect } from 'react';
import { useParams } from 'react-router';
import { useSong } from '../../../api/get-song';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { SongSummary } from '../components/song-summary';
import { UploadForm } from '../components/upload-form';
import { fieldErrorClass } from '../../../components/ui/field';
import styles from '../staff.module.css';

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
    <section className={styles.staffDesk}>
      <h1>Upload File</h1>
      {failed ? (
        <p role="alert" className={fieldErrorClass}>
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
