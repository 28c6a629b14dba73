import { PAGES } from '@queuecast/contract';
import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useDocumentTitle } from '../../../lib/document-title';
import { useSession } from '../../../lib/session';
import { notify } from '../../../lib/toast';

export default function InboxPage() {
  useDocumentTitle('Inbox');
  const session = useSession();
  useEffect(() => {
    if (!session) notify.error('Please log in to see your inbox.');
  }, [session]);
  if (!session) return <Navigate to={PAGES.login.path()} replace />;
  return (
    <section>
      <h1>Inbox</h1>
    </section>
  );
}
