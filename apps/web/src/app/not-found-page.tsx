import { PAGES } from '@queuecast/contract';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        There is nothing at this address. <Link to={PAGES.queue.path()}>Back to the queue</Link>
      </p>
    </section>
  );
}
