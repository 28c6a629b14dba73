import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';

export default function UploadSongPage() {
  useDocumentTitle('Upload File');
  const session = useSession();
  return (
    <section>
      <h1>Upload File</h1>
      {!session && <p className="muted">You must be logged in to upload a file.</p>}
    </section>
  );
}
