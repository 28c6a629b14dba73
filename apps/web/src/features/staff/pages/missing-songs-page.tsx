import { isStaff, PAGES } from '@queuecast/contract';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';

export default function MissingSongsPage() {
  useDocumentTitle('Missing Files');
  const session = useSession();
  const allowed = isStaff(session?.user.role);
  useEffect(() => {
    if (!allowed) notify.error('You do not have permission to access this page');
  }, [allowed]);
  if (!allowed) return <Navigate to={PAGES.queue.path()} replace />;
  return (
    <section>
      <h1>Missing Files</h1>
    </section>
  );
}
