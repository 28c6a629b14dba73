import { PAGES } from '@queuecast/contract';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../lib/document-title';

/**
 * Shown inside the shell when a page fails: it threw while rendering, or its code could not be
 * loaded (offline, or a new version replaced the old chunks). Trying again reloads the page:
 * React keeps a failed lazy import for good, and a reload also picks up a new version.
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  useDocumentTitle('Error');
  useEffect(() => console.error('page failed', error), [error]);
  return (
    <section role="alert">
      <h1>This page could not be shown</h1>
      <p>Something went wrong while loading it.</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          Try again
        </button>{' '}
        <Link to={PAGES.queue.path()}>Back to the queue</Link>
      </p>
    </section>
  );
}
