import { PAGES } from '@queuecast/contract';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

/**
 * The site's not-found page: at an address the router does not know, and on a page whose thing
 * is not there (a user nobody is named).
 */
export function NotFound() {
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
