import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';

export default function AddSongPage() {
  useDocumentTitle('Add Song');
  const session = useSession();
  return (
    <section>
      <h1>Add Song</h1>
      {!session && <p className="muted">You must be logged in to add a song.</p>}
    </section>
  );
}
